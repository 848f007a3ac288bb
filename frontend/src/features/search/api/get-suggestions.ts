import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { SuggestionDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { searchKeys } from './query-keys';

/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 8;
/** Shorter texts do not ask the server. */
export const MIN_SUGGEST_LENGTH = 2;

/** Up to 8 products whose title is like `text` (typo tolerant). */
export function getSuggestions(text: string, signal?: AbortSignal): Promise<SuggestionDto[]> {
  return api.get('/prod-api/api/home/search/suggest', {
    params: { query: { text } },
    signal,
    silent: true,
  });
}

export function suggestionsQueryOptions(language: LanguageCode, text: string) {
  return queryOptions({
    queryKey: searchKeys.suggestions(language, text),
    queryFn: ({ signal }) => getSuggestions(text, signal),
    select: (rows: SuggestionDto[]) => rows.slice(0, MAX_SUGGESTIONS),
    staleTime: 5 * 60 * 1000,
  });
}

export function useSuggestions(text: string) {
  const language = useAppStore(selectLanguage);
  const trimmed = text.trim();
  return useQuery({
    ...suggestionsQueryOptions(language, trimmed),
    enabled: trimmed.length >= MIN_SUGGEST_LENGTH,
    placeholderData: keepPreviousData,
  });
}

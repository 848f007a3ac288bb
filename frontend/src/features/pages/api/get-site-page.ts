import { queryOptions, useQuery } from '@tanstack/react-query';

import type { SitePageDto } from '@/api/types';
import type { SitePageSlug } from '@/config/paths';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { pageKeys } from './query-keys';

/** A footer page in the request's language; an unknown slug is a 404 `api.error.pageNotFound`. */
export function getSitePage(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePageDto> {
  return api.get('/prod-api/api/home/page/{slug}', {
    params: { path: { slug } },
    signal,
    silent: true,
  });
}

export function sitePageQueryOptions(language: LanguageCode, slug: SitePageSlug) {
  return queryOptions({
    queryKey: pageKeys.page(language, slug),
    queryFn: ({ signal }) => getSitePage(slug, signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useSitePage(slug: SitePageSlug) {
  const language = useAppStore(selectLanguage);
  return useQuery(sitePageQueryOptions(language, slug));
}

import { useCallback } from 'react';

import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

/** Epoch milliseconds as a date and time in the UI language. */
export function useFormatDateTime(): (ms: number) => string {
  const language = useAppStore(selectLanguage);
  return useCallback(
    (ms: number) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
    [language],
  );
}

/** The share of the way from `from` to `to` that `value` has gone, 0–100. */
export function progressPercent(value: number, from: number, to: number): number {
  if (to <= from) return 100;
  return Math.max(0, Math.min(100, Math.round(((value - from) / (to - from)) * 100)));
}

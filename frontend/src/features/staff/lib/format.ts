import { useAppStore } from '@/stores/app-store';

/** Formats epoch milliseconds as a date and time in the console's language. */
export function useDateTime(): (ms: number) => string {
  const language = useAppStore((state) => state.language);
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => format.format(new Date(ms));
}

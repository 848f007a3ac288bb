import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

/** A publication date in the UI language. */
export function NewsDate({ value }: { value: string }) {
  const language = useAppStore(selectLanguage);
  const date = new Date(value);
  const text = Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(LANGUAGES[language].htmlLang, { dateStyle: 'long' }).format(date);
  return <time dateTime={value}>{text}</time>;
}

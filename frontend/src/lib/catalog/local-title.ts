import { useAppStore } from '@/stores/app-store';

/** What carries a title in several languages: the English `title` and the others written. */
export interface Titled {
  title: string;
  titles?: Readonly<Record<string, string>>;
}

/** The title in `language` where the store wrote one, else the English title. */
export function localTitle(product: Titled, language: string): string {
  const written = product.titles?.[language];
  return written !== undefined && written.trim() !== '' ? written : product.title;
}

/** The title in the shopper's language (see `localTitle`). */
export function useLocalTitle(product: Titled): string {
  const language = useAppStore((state) => state.language);
  return localTitle(product, language);
}

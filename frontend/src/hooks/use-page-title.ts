import { createContext, useContext, useEffect } from 'react';

/**
 * Pages whose title comes from the server (a product, a news item, a footer page) hand it
 * to the shell here; the shell composes `document.title` from it instead of the route's
 * `handle.titleKey`, which stays the fallback while the data loads.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title && title.trim() !== '' ? title : null);
    return () => setTitle(null);
  }, [title, setTitle]);
}

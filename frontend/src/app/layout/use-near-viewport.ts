import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (once true, it stays true):
 * what sits below the fold loads when the shopper scrolls towards it, not with the page.
 * Watching starts once `watching` is true — after the first view, whose placeholders push
 * the element down to where it will stay. Without IntersectionObserver (old browsers, jsdom)
 * it is true at once.
 */
export function useNearViewport(
  target: RefObject<Element | null>,
  watching: boolean,
  margin = '400px',
): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (near || !watching || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, watching, margin, near]);
  return near;
}

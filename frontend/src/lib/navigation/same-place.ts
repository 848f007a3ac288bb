/** A place in the app: what `useLocation()` returns, or a parsed link target. */
export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

function normalizePath(pathname: string): string {
  const path = pathname === '' ? '/' : pathname;
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}

function normalizeSuffix(value: string, marker: '?' | '#'): string {
  if (value === '' || value === marker) return '';
  return value.startsWith(marker) ? value : `${marker}${value}`;
}

/** Splits a link target like `/a?b=1#c` into its parts. Relative targets are not supported. */
export function parsePlace(target: string): Place {
  const hashIndex = target.indexOf('#');
  const hash = hashIndex >= 0 ? target.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? target.slice(0, hashIndex) : target;
  const searchIndex = beforeHash.indexOf('?');
  const search = searchIndex >= 0 ? beforeHash.slice(searchIndex) : '';
  const pathname = searchIndex >= 0 ? beforeHash.slice(0, searchIndex) : beforeHash;
  return { pathname, search, hash };
}

/**
 * Spec §2: navigating to where the shopper already is (same path, query and hash) is
 * ignored. A trailing slash and an empty `?` or `#` do not make a different place.
 */
export function isSamePlace(current: Place, target: Place | string): boolean {
  const next = typeof target === 'string' ? parsePlace(target) : target;
  return (
    normalizePath(current.pathname) === normalizePath(next.pathname) &&
    normalizeSuffix(current.search, '?') === normalizeSuffix(next.search, '?') &&
    normalizeSuffix(current.hash, '#') === normalizeSuffix(next.hash, '#')
  );
}

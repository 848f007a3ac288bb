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

/** The query without `lang`: the language the address names is not a different place. */
function normalizeSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
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
 * ignored. A trailing slash, an empty `?` or `#` and the `lang` parameter (which the
 * navigation rules add) do not make a different place.
 */
export function isSamePlace(current: Place, target: Place | string): boolean {
  const next = typeof target === 'string' ? parsePlace(target) : target;
  return (
    normalizePath(current.pathname) === normalizePath(next.pathname) &&
    normalizeSearch(current.search) === normalizeSearch(next.search) &&
    normalizeSuffix(current.hash, '#') === normalizeSuffix(next.hash, '#')
  );
}

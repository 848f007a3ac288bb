import type { UIMatch } from 'react-router';

import type { TranslationKey } from '@/lib/i18n/i18n';

/** What a route tells the shell about itself through `handle`. */
export interface RouteHandle {
  /** Catalogue key of the page title; `document.title` = "<title> - <siteTitle>". */
  titleKey: TranslationKey;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'titleKey' in value &&
    typeof value.titleKey === 'string'
  );
}

/** The title key of the deepest matched route that declares one. */
export function titleKeyOf(matches: readonly UIMatch[]): TranslationKey | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return null;
}

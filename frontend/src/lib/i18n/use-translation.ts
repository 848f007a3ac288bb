import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

import { i18n } from './i18n';

export interface Translation {
  /** Translates into the current language; a new function when the language changes. */
  t: TFunction;
  i18n: typeof i18n;
}

interface Snapshot extends Translation {
  language: string | undefined;
}

let current: Snapshot | null = null;

/** One snapshot per language, shared by every component that translates. */
function snapshot(): Snapshot {
  const language = i18n.language as string | undefined;
  if (current !== null && current.language === language) return current;
  // Before initialisation there is no language yet: that `t` follows the one set later.
  const t = language === undefined ? i18n.getFixedT(null, 'translation') : i18n.getFixedT(language);
  current = { t, i18n, language };
  return current;
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
  };
}

/**
 * The shop's translation hook: the current language's `t`, re-rendering the component when
 * the language changes. It replaces react-i18next's `useTranslation`, which builds a fixed
 * `t`, an options object and a property-by-property copy of the i18next instance for every
 * component that calls it (~40–70 ms of main thread on the first screen at 4× CPU slowdown);
 * here all components share one snapshot per language.
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

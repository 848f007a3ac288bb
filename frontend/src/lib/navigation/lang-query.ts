import { canonicalLanguage, type LanguageCode } from '@/lib/i18n/languages';

export const LANG_PARAM = 'lang';

/**
 * What the `lang` query parameter asks for (spec §2):
 * - R1 `none`: no `lang` param, keep the stored language;
 * - R2 `switch-exact`: a supported code as written, switch and persist;
 * - R3 `switch-alias`: a supported code in another case or an alias, switch to the canonical code;
 * - R4 `unsupported`: unknown or empty, keep the current language;
 * - R5 `same`: names the current language, change nothing;
 * - R6: after R2–R5 the param is removed from the address (`strippedSearch`) by a history replace.
 */
export type LangQueryRule = 'none' | 'switch-exact' | 'switch-alias' | 'unsupported' | 'same';

export interface LangQueryDecision {
  rule: LangQueryRule;
  /** The language to switch to, for `switch-exact` and `switch-alias` only. */
  switchTo: LanguageCode | null;
  /** The search string without `lang` (with its leading `?`, or `""`), or null for R1. */
  strippedSearch: string | null;
}

/** Removes every `lang` param, keeping the others in order; returns `""` or `"?a=1&b=2"`. */
export function removeLangParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LANG_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

export function decideLangQuery(search: string, current: LanguageCode): LangQueryDecision {
  const params = new URLSearchParams(search);
  if (!params.has(LANG_PARAM)) {
    return { rule: 'none', switchTo: null, strippedSearch: null };
  }
  const requested = params.get(LANG_PARAM) ?? '';
  const strippedSearch = removeLangParam(search);
  const canonical = canonicalLanguage(requested);

  if (canonical === null) {
    return { rule: 'unsupported', switchTo: null, strippedSearch };
  }
  if (canonical === current) {
    return { rule: 'same', switchTo: null, strippedSearch };
  }
  const rule: LangQueryRule = requested === canonical ? 'switch-exact' : 'switch-alias';
  return { rule, switchTo: canonical, strippedSearch };
}

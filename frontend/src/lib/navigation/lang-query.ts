import { canonicalLanguage, DEFAULT_LANGUAGE, type LanguageCode } from '@/lib/i18n/languages';

export const LANG_PARAM = 'lang';

/**
 * What the `lang` query parameter asks for (spec §2). The address carries the language the
 * shopper reads in, except English, the default:
 * - L1 `none`: no `lang`, and English or no stored language: nothing changes;
 * - L1 `add-stored`: no `lang`, a stored non-English language: `lang=<stored>` is added;
 * - L2 `switch-exact`: a supported code as written: switch and persist; the address stays;
 * - L3 `switch-alias`: a supported code in another case or an alias (`cs`, `zh_hant`):
 *   switch to the canonical code, which replaces the parameter's value;
 * - L4 `unsupported-stored`: unknown or empty, a language is stored: the parameter is
 *   rewritten to the stored language;
 * - L4 `unsupported-home`: unknown or empty, nothing stored: the shopper goes to `/`;
 * - L5 `same`: names the current language: nothing changes (an alias is still rewritten).
 * Every rewrite is a history replace that keeps the other parameters in order and the hash.
 */
export type LangQueryRule =
  | 'none'
  | 'add-stored'
  | 'switch-exact'
  | 'switch-alias'
  | 'unsupported-stored'
  | 'unsupported-home'
  | 'same';

export interface LangQueryDecision {
  rule: LangQueryRule;
  /** The language to switch to, for `switch-exact` and `switch-alias` only. */
  switchTo: LanguageCode | null;
  /** Where to go instead of the current address (a history replace), or null to stay. */
  redirect: { pathname: string | null; search: string } | null;
}

/** The search string with `lang` set to `code` (in place when present), `""` or `"?…"`. */
export function withLangParam(search: string, code: LanguageCode): string {
  const params = new URLSearchParams(search);
  if (params.has(LANG_PARAM)) {
    const entries = Array.from(params.entries());
    const rebuilt = new URLSearchParams();
    let written = false;
    for (const [name, value] of entries) {
      if (name !== LANG_PARAM) rebuilt.append(name, value);
      else if (!written) {
        rebuilt.append(LANG_PARAM, code);
        written = true;
      }
    }
    return `?${rebuilt.toString()}`;
  }
  params.append(LANG_PARAM, code);
  return `?${params.toString()}`;
}

/** Removes every `lang` param, keeping the others in order; returns `""` or `"?a=1&b=2"`. */
export function removeLangParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LANG_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/**
 * The rule for an address. `current` is the language in use; `stored` says whether the
 * shopper's language was stored by an earlier visit (rather than being the default).
 */
export function decideLangQuery(
  search: string,
  current: LanguageCode,
  stored: boolean,
): LangQueryDecision {
  const params = new URLSearchParams(search);
  if (!params.has(LANG_PARAM)) {
    if (stored && current !== DEFAULT_LANGUAGE) {
      return {
        rule: 'add-stored',
        switchTo: null,
        redirect: { pathname: null, search: withLangParam(search, current) },
      };
    }
    return { rule: 'none', switchTo: null, redirect: null };
  }
  const requested = params.get(LANG_PARAM) ?? '';
  const canonical = canonicalLanguage(requested);
  if (canonical === null) {
    if (stored) {
      return {
        rule: 'unsupported-stored',
        switchTo: null,
        redirect: { pathname: null, search: withLangParam(search, current) },
      };
    }
    return { rule: 'unsupported-home', switchTo: null, redirect: { pathname: '/', search: '' } };
  }
  const rewritten =
    requested === canonical ? null : { pathname: null, search: withLangParam(search, canonical) };
  if (canonical === current) {
    return { rule: 'same', switchTo: null, redirect: rewritten };
  }
  return {
    rule: rewritten ? 'switch-alias' : 'switch-exact',
    switchTo: canonical,
    redirect: rewritten,
  };
}

/**
 * The address after the shopper picked `language` in the switcher: it names the new
 * language, or none for English.
 */
export function searchForLanguage(search: string, language: LanguageCode): string {
  return language === DEFAULT_LANGUAGE ? removeLangParam(search) : withLangParam(search, language);
}

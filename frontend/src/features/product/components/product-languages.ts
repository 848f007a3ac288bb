import { canonicalLanguage, LANGUAGES, type LanguageCode } from '@/lib/i18n/languages';

/** The tag that names a store language best: "English", "Simplified Chinese". */
const DISPLAY_TAGS: Partial<Record<LanguageCode, string>> = {
  'en-US': 'en',
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
};

/** A product's languages (BCP 47 codes) named in the UI language: "English, German, Japanese". */
export function productLanguageNames(codes: readonly string[], locale: string): string[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const store = canonicalLanguage(code);
    const tag = store ? (DISPLAY_TAGS[store] ?? LANGUAGES[store].htmlLang) : code;
    try {
      return names?.of(tag) ?? code;
    } catch {
      return code;
    }
  });
}

import type enUS from '@locales/en-US.json';

import type { LanguageCode } from './languages';

export type Catalogue = typeof enUS;

function isCatalogueModule(value: unknown): value is { default: Catalogue } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'default' in value &&
    typeof value.default === 'object' &&
    value.default !== null
  );
}

/**
 * Loads one language's catalogue as its own lazy chunk (`locale-<code>`); en-US is bundled
 * with the app (see `i18n.ts`). webpack turns the template into a context over
 * `locales/*.json`, so a catalogue that does not exist yet rejects here instead of breaking
 * the build, and the English fallback stays in place.
 */
export async function loadCatalogueModule(language: LanguageCode): Promise<Catalogue> {
  const loaded: unknown = await import(
    /* webpackChunkName: "locale-[request]" */
    /* webpackInclude: /\.json$/ */
    /* webpackExclude: /en-US\.json$/ */
    `@locales/${language}.json`
  );
  if (!isCatalogueModule(loaded)) throw new Error(`catalogue ${language} is not an object`);
  return loaded.default;
}

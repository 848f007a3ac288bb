import type { SiteConfigDto } from './types';

/**
 * The last site settings of each language, kept in localStorage so the first paint of the
 * next visit already has the site's title, name and texts. It is react-query's starting data
 * for the settings query (`initialData`, dated by when it was fetched), not a second store:
 * the query refetches it once stale and every answer is written back here.
 */
export const SITE_CONFIG_STORAGE_KEY = 'keyshop-site-config';

interface StoredSiteConfig {
  savedAt: number;
  settings: SiteConfigDto;
}

function isSettings(value: unknown): value is SiteConfigDto {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((setting) => typeof setting === 'string')
  );
}

function isStoredSiteConfig(value: unknown): value is StoredSiteConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    'savedAt' in value &&
    typeof value.savedAt === 'number' &&
    'settings' in value &&
    isSettings(value.settings)
  );
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SITE_CONFIG_STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/** The settings last fetched in `language`, with when; undefined when none were kept. */
export function readStoredSiteConfig(language: string): StoredSiteConfig | undefined {
  const stored = readAll()[language];
  return isStoredSiteConfig(stored) ? stored : undefined;
}

export function storeSiteConfig(language: string, settings: SiteConfigDto, savedAt = Date.now()) {
  try {
    const all = readAll();
    all[language] = { savedAt, settings } satisfies StoredSiteConfig;
    localStorage.setItem(SITE_CONFIG_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the next visit fetches the settings before showing them.
  }
}

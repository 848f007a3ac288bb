import { useTranslation } from '@/lib/i18n/use-translation';

import { useSiteSetting } from '@/api/site-config';

/** The `siteName` site setting, or the catalogue's default before the settings arrive. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const stored = useSiteSetting('siteName');
  return stored && stored.trim() !== '' ? stored : t('meta.siteName');
}

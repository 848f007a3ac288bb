import { useTranslation } from 'react-i18next';

import { useAppStore } from '@/stores/app-store';
import { selectSiteSetting } from '@/stores/selectors';

const selectSiteName = selectSiteSetting('siteName');

/** The `siteName` site setting, or the catalogue's default before the settings arrive. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const stored = useAppStore(selectSiteName);
  return stored && stored.trim() !== '' ? stored : t('meta.siteName');
}

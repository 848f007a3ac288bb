import { useEffect } from 'react';

import { useAppStore } from '@/stores/app-store';
import { selectSetSiteSettings } from '@/stores/selectors';

import { useSiteConfig } from '../api/get-site-config';

/**
 * On start (and again after a language switch, since the answer is localized) fetches
 * `/api/home/config` and keeps it in the persisted site-settings slice, which the header,
 * footer, home page and document head read.
 */
export function SiteConfigSync() {
  const { data } = useSiteConfig();
  const setSiteSettings = useAppStore(selectSetSiteSettings);
  useEffect(() => {
    if (data) setSiteSettings(data);
  }, [data, setSiteSettings]);
  return null;
}

import type { StateCreator } from 'zustand';

/** Public site settings from `/api/home/config`: every value is a string. */
export type SiteSettings = Readonly<Record<string, string>>;

export interface SiteSlice {
  siteSettings: SiteSettings;
  setSiteSettings: (settings: SiteSettings) => void;
}

export const createSiteSlice: StateCreator<SiteSlice, [], [], SiteSlice> = (set) => ({
  siteSettings: {},
  setSiteSettings: (siteSettings) => set({ siteSettings: { ...siteSettings } }),
});

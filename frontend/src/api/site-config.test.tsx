import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

import { useAppStore } from '@/stores/app-store';

import { getSiteConfig, useSiteSetting } from './site-config';
import {
  readStoredSiteConfig,
  SITE_CONFIG_STORAGE_KEY,
  storeSiteConfig,
} from './site-config-storage';

const fetchMock = jest.fn<Promise<Response>, [Request]>();

function answerSettings(settings: Record<string, string>): void {
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 200, msg: '', msgKey: '', data: settings }), {
        status: 200,
      }),
    ),
  );
}

function renderSetting(name: Parameters<typeof useSiteSetting>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSiteSetting(name), { wrapper });
}

beforeEach(() => {
  fetchMock.mockReset();
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
});

describe('the site settings', () => {
  it('are read through react-query and kept per language for the next visit', async () => {
    useAppStore.setState({ language: 'de' });
    answerSettings({ siteTitle: 'Spiele-Keys' });
    const { result } = renderSetting('siteTitle');
    await waitFor(() => {
      expect(result.current).toBe('Spiele-Keys');
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0].headers.get('Accept-Language')).toBe('de');
    expect(readStoredSiteConfig('de')?.settings).toEqual({ siteTitle: 'Spiele-Keys' });
    expect(readStoredSiteConfig('en-US')).toBeUndefined();
  });

  it('paint from the kept settings at once, without asking while they are fresh', () => {
    storeSiteConfig('en-US', { siteTitle: 'Kept title' });
    const { result } = renderSetting('siteTitle');
    expect(result.current).toBe('Kept title');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are asked again when the kept ones are stale, showing the kept ones meanwhile', async () => {
    storeSiteConfig('en-US', { siteTitle: 'Old title' }, Date.now() - 60 * 60 * 1000);
    answerSettings({ siteTitle: 'New title' });
    const { result } = renderSetting('siteTitle');
    expect(result.current).toBe('Old title');
    await waitFor(() => {
      expect(result.current).toBe('New title');
    });
    expect(readStoredSiteConfig('en-US')?.settings).toEqual({ siteTitle: 'New title' });
  });

  it('ignore kept data of the wrong shape', async () => {
    localStorage.setItem(
      SITE_CONFIG_STORAGE_KEY,
      JSON.stringify({ 'en-US': { savedAt: Date.now(), settings: { siteTitle: 3 } } }),
    );
    expect(readStoredSiteConfig('en-US')).toBeUndefined();
    answerSettings({ siteTitle: 'Fetched' });
    await expect(getSiteConfig('en-US')).resolves.toEqual({ siteTitle: 'Fetched' });
  });
});

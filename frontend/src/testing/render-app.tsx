import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { siteConfigQueryOptions } from '@/api/site-config';
import type { CurrencyDto, SiteConfigDto } from '@/api/types';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { ratesQueryOptions } from '@/features/site/api/get-rates';
import { LANGUAGE_CODES } from '@/lib/i18n/languages';

export const TEST_RATES: CurrencyDto[] = [
  { code: 'USD', symbol: '$', name: 'US Dollar', rate: 1 },
  { code: 'EUR', symbol: '€', name: 'Euro', rate: 0.92 },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen', rate: 151.5 },
];

export const TEST_CONFIG: SiteConfigDto = {
  siteName: 'keyshop',
  siteTitle: 'Game keys, delivered instantly',
  siteKeywords: 'game keys, steam keys',
  siteDescription: 'Buy game keys at fair prices.',
  supportEmail: 'support@keyshop.example',
  commentEnabled: 'true',
  homeFromPriceUsd: '499',
};

/**
 * A query client whose site queries are already answered, in every language, and never
 * stale: the component tests exercise the UI without a network (only the HTTP client's own
 * unit test mocks `fetch`).
 */
export function createSeededQueryClient(config: SiteConfigDto = TEST_CONFIG): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  for (const language of LANGUAGE_CODES) {
    client.setQueryData(ratesQueryOptions(language).queryKey, TEST_RATES);
    client.setQueryData(siteConfigQueryOptions(language).queryKey, config);
  }
  return client;
}

export type AppRouter = ReturnType<typeof createMemoryRouter>;

/** Renders the whole app at `path`; the router tells where the shopper ended up. */
export function renderApp(
  path = '/',
  queryClient = createSeededQueryClient(),
): RenderResult & { router: AppRouter } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/** The address the router is at: path and query. */
export function currentPath(router: AppRouter): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

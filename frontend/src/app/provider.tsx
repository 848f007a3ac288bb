import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { i18n } from '@/lib/i18n/i18n';

import { createQueryClient } from './query-client';
import { AppToaster } from './toaster';
import { useLanguageSync } from './use-language-sync';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client with seeded data. */
  queryClient?: QueryClient;
}

/** Everything the routes need around them: server state, translations, toasts. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useLanguageSync();
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        {children}
        <AppToaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

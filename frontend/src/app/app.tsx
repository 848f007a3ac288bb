import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

interface AppProps {
  /** May already hold (or be fetching) the first screen's answers. */
  queryClient?: QueryClient;
  /** May already be loading the first page's chunks; a new one otherwise. */
  router?: AppRouter;
}

/** The store. */
export function App({ queryClient, router: started }: AppProps) {
  const [router] = useState(() => started ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

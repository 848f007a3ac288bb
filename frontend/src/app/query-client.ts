import { QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/http/envelope';

const MAX_RETRIES = 2;

/** A client error (4xx) will not change on retry; network and 5xx failures may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code >= 400 && error.code < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}

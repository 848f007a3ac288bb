import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/http/client';

/** The countries the store knows, with their dialling codes and zip examples (never stale). */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: () => api.get('/prod-api/api/countries'),
  staleTime: Infinity,
});

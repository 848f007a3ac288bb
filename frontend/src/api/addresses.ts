import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

import { accountKeys } from './account-keys';

/** The signed-in member's address book, the default first (nothing asked for a visitor). */
export function useAddresses() {
  const signedIn = useAppStore(selectIsSignedIn);
  return useQuery({
    queryKey: accountKeys.addresses(),
    queryFn: () => api.get('/prod-api/api/addresses', { cache: 'no-store' }),
    enabled: signedIn,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

/** Query keys of the account area; everything under `all` is dropped at sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  addresses: () => [...accountKeys.all, 'addresses'] as const,
  collect: (page: number) => [...accountKeys.all, 'collect', page] as const,
  collectIds: () => [...accountKeys.all, 'collect-ids'] as const,
  notices: (page: number) => [...accountKeys.all, 'notices', page] as const,
  unread: () => [...accountKeys.all, 'unread'] as const,
  level: (id: number) => [...accountKeys.all, 'level', id] as const,
  history: (page: number) => [...accountKeys.all, 'history', page] as const,
  tickets: (page: number) => [...accountKeys.all, 'tickets', page] as const,
  ticket: (id: number) => [...accountKeys.all, 'ticket', id] as const,
};

/** The product ids on the member's wishlist (empty for a visitor, without asking). */
export function useCollectIds() {
  const signedIn = useAppStore(selectIsSignedIn);
  return useQuery({
    queryKey: accountKeys.collectIds(),
    queryFn: () => api.get('/prod-api/api/collect/ids', { silent: true, cache: 'no-store' }),
    enabled: signedIn,
    staleTime: 60 * 1000,
  });
}

/** Adds or removes a product; every wishlist query is refreshed afterwards. */
export function useToggleCollect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, on }: { productId: number; on: boolean }) =>
      on
        ? api.post('/prod-api/api/collect', { body: { productId } })
        : api.delete('/prod-api/api/collect/{productId}', { params: { path: { productId } } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

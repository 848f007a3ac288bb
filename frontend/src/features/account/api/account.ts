import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { accountKeys } from '@/api/account-keys';
import type {
  AddressBody,
  ChangePasswordBody,
  IdDto,
  OpenTicketBody,
  ProfileBody,
  ProfileDto,
} from '@/api/types';
import { api } from '@/lib/http/client';
import type { PageSize } from '@/lib/catalog/codes';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

export { accountKeys, useToggleCollect } from '@/api/account-keys';
export { useAddresses } from '@/api/addresses';

const PAGE_SIZE: PageSize = 10;
const NO_CACHE = { cache: 'no-store' } as const;

/** A page of a list call (`page` from 1, `limit` of 10/20/30/50), as the query sends it. */
function pageQuery(page: number, limit: PageSize = PAGE_SIZE) {
  return { query: { page, limit } };
}

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: () => api.get('/prod-api/api/levels'),
  staleTime: 10 * 60 * 1000,
});

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: () => api.get('/prod-api/api/profile', NO_CACHE),
  });
}

export function saveProfile(body: ProfileBody): Promise<ProfileDto> {
  return api.put('/prod-api/api/profile', { body, silent: true });
}

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return api.post('/prod-api/api/changePassword', { body, silent: true });
}

export function useLevelInfo(memberId: number | undefined) {
  return useQuery({
    queryKey: accountKeys.level(memberId ?? 0),
    queryFn: () =>
      api.get('/prod-api/api/getUserLevelInfo/{id}', {
        params: { path: { id: memberId ?? 0 } },
        ...NO_CACHE,
      }),
    enabled: memberId !== undefined,
  });
}

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: accountKeys.history(page),
    queryFn: () => api.get('/prod-api/api/loginHistory', { params: pageQuery(page), ...NO_CACHE }),
    placeholderData: keepPreviousData,
  });
}

export function createAddress(body: AddressBody): Promise<IdDto> {
  return api.post('/prod-api/api/addresses', { body, silent: true });
}

export function updateAddress(id: number, body: AddressBody): Promise<unknown> {
  return api.put('/prod-api/api/addresses/{id}', {
    params: { path: { id } },
    body,
    silent: true,
  });
}

export function deleteAddress(id: number): Promise<unknown> {
  return api.delete('/prod-api/api/addresses/{id}', { params: { path: { id } } });
}

export function setDefaultAddress(id: number): Promise<unknown> {
  return api.post('/prod-api/api/addresses/{id}/default', { params: { path: { id } } });
}

export function useCollect(page: number) {
  return useQuery({
    queryKey: accountKeys.collect(page),
    queryFn: () => api.get('/prod-api/api/collect', { params: pageQuery(page, 20), ...NO_CACHE }),
    placeholderData: keepPreviousData,
  });
}

export function useNotices(page: number) {
  return useQuery({
    queryKey: accountKeys.notices(page),
    queryFn: () => api.get('/prod-api/api/notices', { params: pageQuery(page), ...NO_CACHE }),
    placeholderData: keepPreviousData,
  });
}

export function useUnreadNotices() {
  const signedIn = useAppStore(selectIsSignedIn);
  return useQuery({
    queryKey: accountKeys.unread(),
    queryFn: () => api.get('/prod-api/api/notices/unread', { silent: true, ...NO_CACHE }),
    enabled: signedIn,
    staleTime: 60 * 1000,
  });
}

export function markNoticeRead(id: number): Promise<unknown> {
  return api.post('/prod-api/api/notices/{id}/read', { params: { path: { id } } });
}

export function useTickets(page: number) {
  return useQuery({
    queryKey: accountKeys.tickets(page),
    queryFn: () => api.get('/prod-api/api/tickets', { params: pageQuery(page), ...NO_CACHE }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: accountKeys.ticket(id),
    queryFn: () => api.get('/prod-api/api/tickets/{id}', { params: { path: { id } }, ...NO_CACHE }),
  });
}

export function openTicket(body: OpenTicketBody): Promise<IdDto> {
  return api.post('/prod-api/api/tickets', { body, silent: true });
}

export function replyTicket(id: number, body: string): Promise<IdDto> {
  return api.post('/prod-api/api/tickets/{id}/messages', {
    params: { path: { id } },
    body: { body },
    silent: true,
  });
}

export function closeTicket(id: number): Promise<unknown> {
  return api.post('/prod-api/api/tickets/{id}/close', { params: { path: { id } } });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type {
  AddressBody,
  AddressDto,
  ChangePasswordBody,
  CollectItemDto,
  CountryDto,
  IdDto,
  LevelDto,
  ListPageDto,
  LoginHistoryDto,
  NoticeDto,
  OpenTicketBody,
  ProfileBody,
  ProfileDto,
  TicketDto,
  TicketThreadDto,
  UnreadCountDto,
  UserLevelInfoDto,
} from '@/api/member-types';
import { accountKeys } from '@/api/account-keys';
import { apiRequest } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

export { accountKeys, useToggleCollect } from '@/api/account-keys';

const PAGE_SIZE = 10;
const NO_CACHE = { cache: 'no-store' as const };

export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: () => apiRequest<CountryDto[]>('/api/countries'),
  staleTime: Infinity,
});

export const levelsQuery = queryOptions({
  queryKey: ['levels'],
  queryFn: () => apiRequest<LevelDto[]>('/api/levels'),
  staleTime: 10 * 60 * 1000,
});

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: () => apiRequest<ProfileDto>('/api/profile', NO_CACHE),
  });
}

export function saveProfile(body: ProfileBody): Promise<ProfileDto> {
  return apiRequest<ProfileDto>('/api/profile', { method: 'PUT', body, silent: true });
}

export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiRequest<null>('/api/changePassword', { method: 'POST', body, silent: true });
}

export function useLevelInfo(memberId: number | undefined) {
  return useQuery({
    queryKey: accountKeys.level(memberId ?? 0),
    queryFn: () => apiRequest<UserLevelInfoDto>(`/api/getUserLevelInfo/${memberId ?? 0}`, NO_CACHE),
    enabled: memberId !== undefined,
  });
}

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: accountKeys.history(page),
    queryFn: () =>
      apiRequest<ListPageDto<LoginHistoryDto>>('/api/loginHistory', {
        query: { page, limit: PAGE_SIZE },
        ...NO_CACHE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAddresses() {
  return useQuery({
    queryKey: accountKeys.addresses(),
    queryFn: () => apiRequest<AddressDto[]>('/api/addresses', NO_CACHE),
  });
}

export function createAddress(body: AddressBody): Promise<IdDto> {
  return apiRequest<IdDto>('/api/addresses', { method: 'POST', body, silent: true });
}

export function updateAddress(id: number, body: AddressBody): Promise<null> {
  return apiRequest<null>(`/api/addresses/${id}`, { method: 'PUT', body, silent: true });
}

export function deleteAddress(id: number): Promise<null> {
  return apiRequest<null>(`/api/addresses/${id}`, { method: 'DELETE' });
}

export function setDefaultAddress(id: number): Promise<null> {
  return apiRequest<null>(`/api/addresses/${id}/default`, { method: 'POST', body: {} });
}

export function useCollect(page: number) {
  return useQuery({
    queryKey: accountKeys.collect(page),
    queryFn: () =>
      apiRequest<ListPageDto<CollectItemDto>>('/api/collect', {
        query: { page, limit: 20 },
        ...NO_CACHE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNotices(page: number) {
  return useQuery({
    queryKey: accountKeys.notices(page),
    queryFn: () =>
      apiRequest<ListPageDto<NoticeDto>>('/api/notices', {
        query: { page, limit: PAGE_SIZE },
        ...NO_CACHE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUnreadNotices() {
  const signedIn = useAppStore(selectIsSignedIn);
  return useQuery({
    queryKey: accountKeys.unread(),
    queryFn: () => apiRequest<UnreadCountDto>('/api/notices/unread', { silent: true, ...NO_CACHE }),
    enabled: signedIn,
    staleTime: 60 * 1000,
  });
}

export function markNoticeRead(id: number): Promise<null> {
  return apiRequest<null>(`/api/notices/${id}/read`, { method: 'POST', body: {} });
}

export function useTickets(page: number) {
  return useQuery({
    queryKey: accountKeys.tickets(page),
    queryFn: () =>
      apiRequest<ListPageDto<TicketDto>>('/api/tickets', {
        query: { page, limit: PAGE_SIZE },
        ...NO_CACHE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: accountKeys.ticket(id),
    queryFn: () => apiRequest<TicketThreadDto>(`/api/tickets/${id}`, NO_CACHE),
  });
}

export function openTicket(body: OpenTicketBody): Promise<IdDto> {
  return apiRequest<IdDto>('/api/tickets', { method: 'POST', body, silent: true });
}

export function replyTicket(id: number, body: string): Promise<IdDto> {
  return apiRequest<IdDto>(`/api/tickets/${id}/messages`, {
    method: 'POST',
    body: { body },
    silent: true,
  });
}

export function closeTicket(id: number): Promise<null> {
  return apiRequest<null>(`/api/tickets/${id}/close`, { method: 'POST', body: {} });
}

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';
import { selectToken } from '@/stores/selectors';

import type { MemberInfoDto } from './types';

/**
 * The signed-in member (`/api/getInfo`): the header's account menu, the account area and the
 * checkout read the parts they need through `useMemberInfo(select)`. The session token is
 * part of the key, so another session never sees this one's answer.
 */
export const memberInfoKeys = {
  all: ['member-info'] as const,
  info: (sessionToken: string) => [...memberInfoKeys.all, sessionToken] as const,
};

/**
 * The member of the stored session, or of `sessionToken` when given (at sign-in, before the
 * session is stored).
 */
export function getMemberInfo(sessionToken?: string) {
  return api.get('/prod-api/api/getInfo', {
    silent: true,
    cache: 'no-store',
    headers: sessionToken === undefined ? {} : { Authorization: `Bearer ${sessionToken}` },
  });
}

export function memberInfoQueryOptions(sessionToken: string) {
  return queryOptions({
    queryKey: memberInfoKeys.info(sessionToken),
    queryFn: () => getMemberInfo(sessionToken),
    staleTime: 5 * 60 * 1000,
  });
}

/** The signed-in member, or the part of it `select` picks; nothing is asked when signed out. */
export function useMemberInfo<Selected = MemberInfoDto>(
  select?: (info: MemberInfoDto) => Selected,
) {
  const token = useAppStore(selectToken);
  return useQuery({ ...memberInfoQueryOptions(token ?? ''), enabled: token !== null, select });
}

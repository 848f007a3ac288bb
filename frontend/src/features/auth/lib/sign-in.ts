import type { QueryClient } from '@tanstack/react-query';

import { mergeVisitorCart } from '@/api/merge-visitor-cart';
import { getMemberInfo, memberInfoQueryOptions } from '@/api/member-info';
import type { LoginBody } from '@/api/types';
import { useAppStore } from '@/stores/app-store';

import { login } from '../api/auth';

/**
 * Signs in: the token, then the member info asked with it, then the visitor's cart joined to
 * the member's. The session is stored only once the info came back (so a signed-in page
 * never lacks it), and the info goes straight into the query cache the header reads.
 */
export async function signIn(body: LoginBody, queryClient: QueryClient): Promise<void> {
  const { token } = await login(body);
  const info = await getMemberInfo(token);
  await mergeVisitorCart(token);
  queryClient.setQueryData(memberInfoQueryOptions(token).queryKey, info);
  useAppStore.getState().startSession(token);
}

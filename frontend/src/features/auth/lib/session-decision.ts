import type { SessionCheckDto } from '@/api/types';
import { isAccountPath, paths } from '@/config/paths';

/** What a navigation does after the session check (spec §2). */
export type SessionDecision =
  /** Signed in and on /login: go to the home page. */
  | { kind: 'home' }
  /** The account is disabled: warn, clear the session, go to /login unless there. */
  | { kind: 'disabled'; toLogin: boolean }
  /** Not signed in on an account page: record the visit, go to /login (clearing a dead token). */
  | { kind: 'login'; clearToken: boolean }
  /** Nothing to do. */
  | { kind: 'continue' }
  /** A stored token is no longer valid: clear it and reload. */
  | { kind: 'reload' };

/**
 * The session rules of every navigation, in their order: state 1 on /login goes home;
 * state 2 signs out with the warning; any other state on an account-area path goes to
 * /login; otherwise continue when `is_success`, else clear the stored token and reload.
 */
export function decideSession(check: SessionCheckDto, pathname: string): SessionDecision {
  const onLogin = pathname === paths.login;
  if (check.state === 1 && onLogin) return { kind: 'home' };
  if (check.state === 2) return { kind: 'disabled', toLogin: !onLogin };
  if (check.state !== 1 && isAccountPath(pathname)) {
    return { kind: 'login', clearToken: !check.is_success };
  }
  return check.is_success ? { kind: 'continue' } : { kind: 'reload' };
}

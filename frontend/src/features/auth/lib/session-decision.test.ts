import { decideSession } from './session-decision';

describe('decideSession', () => {
  it('sends a signed-in member away from /login', () => {
    expect(decideSession({ state: 1, is_success: true }, '/login')).toEqual({ kind: 'home' });
  });

  it('signs a disabled account out, to /login unless already there', () => {
    expect(decideSession({ state: 2, is_success: false }, '/my-account')).toEqual({
      kind: 'disabled',
      toLogin: true,
    });
    expect(decideSession({ state: 2, is_success: false }, '/games')).toEqual({
      kind: 'disabled',
      toLogin: true,
    });
    expect(decideSession({ state: 2, is_success: false }, '/login')).toEqual({
      kind: 'disabled',
      toLogin: false,
    });
  });

  it('sends a visitor on an account page to /login, clearing a dead token', () => {
    expect(decideSession({ state: 0, is_success: true }, '/my-address')).toEqual({
      kind: 'login',
      clearToken: false,
    });
    expect(decideSession({ state: 0, is_success: false }, '/my-collect')).toEqual({
      kind: 'login',
      clearToken: true,
    });
  });

  it('lets a member into the account area', () => {
    expect(decideSession({ state: 1, is_success: true }, '/my-account')).toEqual({
      kind: 'continue',
    });
  });

  it('continues on public pages, and reloads when a stored token died', () => {
    expect(decideSession({ state: 0, is_success: true }, '/games')).toEqual({ kind: 'continue' });
    expect(decideSession({ state: 1, is_success: true }, '/')).toEqual({ kind: 'continue' });
    expect(decideSession({ state: 0, is_success: false }, '/games')).toEqual({ kind: 'reload' });
  });
});

import { screen, waitFor } from '@testing-library/react';

import type { StaffDto } from '@/api/types';
import { renderApp } from '@/testing/render-app';

import { useStaffStore } from './lib/staff-store';

function member(role: StaffDto['role'], permissions: string[]): StaffDto {
  return { id: 1, email: `${role}@shop.example`, role, permissions };
}

afterEach(() => {
  useStaffStore.getState().end();
});

describe('the staff console', () => {
  it('sends a visitor without a staff session to the console sign-in', async () => {
    const { router } = renderApp('/staff/refunds');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'));
    expect(await screen.findByTestId('staff-login')).toHaveTextContent('Staff sign-in');
  });

  it('shows a role only the sections it may use', async () => {
    useStaffStore.getState().start('token', member('support', ['orders.read', 'tickets.answer']));
    renderApp('/staff');
    expect(await screen.findByTestId('staff-home')).toBeVisible();
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Support');
    expect(screen.getByTestId('staff-nav-staff.nav.refunds')).toBeVisible();
    expect(screen.queryByTestId('staff-nav-staff.nav.team')).toBeNull();
  });

  it('tells a role that lacks a page so, without showing it', async () => {
    useStaffStore.getState().start('token', member('finance', ['orders.read', 'refunds.decide']));
    renderApp('/staff/team');
    expect(await screen.findByTestId('staff-forbidden')).toHaveTextContent(
      'Your role does not include this page.',
    );
    expect(screen.queryByTestId('staff-invite-submit')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';

import type { DashboardDto, StaffDto } from '@/api/types';
import { createSeededQueryClient, renderApp } from '@/testing/render-app';

import { useStaffStore } from './lib/staff-store';

function member(role: StaffDto['role'], permissions: string[]): StaffDto {
  return { id: 1, email: `${role}@shop.example`, role, permissions };
}

afterEach(() => {
  useStaffStore.getState().end();
  jest.restoreAllMocks();
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

  it('shows the dashboard figures, each chart also as a table, and links only what the role may open', async () => {
    const day = Date.UTC(2026, 10, 24);
    const figures: DashboardDto = {
      days: Array.from({ length: 30 }, (_, index) => ({
        day: day - (29 - index) * 86_400_000,
        salesUsd: index === 29 ? 12_345 : 100,
        paid: index === 29 ? 3 : 1,
        delivered: index === 29 ? 2 : 1,
      })),
      hours: Array.from({ length: 24 }, (_, index) => ({
        hour: day + index * 3_600_000,
        placed: index,
        paid: 0,
      })),
      waitingForKeys: 1,
      oldestWaitingPaidAt: day,
      refundsWaiting: 2,
      refundsOverdue: 1,
      refunds: [],
      lowStock: [
        {
          sku: 'KS-7',
          title: 'Ashen Circuit',
          available: 2,
          reserved: 0,
          sold: 9,
          threshold: 5,
          low: true,
          version: 0,
        },
      ],
      lowStockTotal: 1,
      openTickets: 4,
      oldestOpenTicketAt: null,
    };
    // jsdom draws nothing: the charts find no canvas context and stay empty.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const queryClient = createSeededQueryClient();
    queryClient.setQueryData(['staff', 'dashboard'], figures);
    useStaffStore.getState().start('token', member('support', ['dashboard.read', 'orders.read']));
    renderApp('/staff', queryClient);
    expect(await screen.findByTestId('staff-figure-sales')).toHaveTextContent('$123.45');
    expect(screen.getByTestId('staff-figure-sales')).toHaveTextContent('$152.45 over 30 days');
    expect(screen.getByTestId('staff-figure-paid')).toHaveTextContent('Delivered today: 2');
    expect(screen.getByTestId('staff-figure-refunds')).toHaveTextContent('Past the deadline: 1');
    expect(screen.getByTestId('staff-figure-tickets')).toHaveTextContent('4');
    expect(
      screen.getByRole('table', { name: 'Sales per day, last 30 days (USD)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Orders per hour, last 24 hours' }),
    ).toBeInTheDocument();
    // Support may not open the key stock: the product is named, not linked.
    const low = screen.getByTestId('staff-dashboard-low-stock');
    expect(low).toHaveTextContent('Ashen Circuit');
    expect(low.querySelector('a')).toBeNull();
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

import { act, render, screen } from '@testing-library/react';

import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { AppToaster } from './toaster';

function toaster(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  if (!list) throw new Error('no toaster on the page');
  return list;
}

describe('toasts', () => {
  it('shows the four kinds in the top-right corner', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Saved');
      notify.error('Failed');
      notify.warning('Careful');
      notify.info('Note');
    });
    for (const text of ['Saved', 'Failed', 'Careful', 'Note']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(toaster()).toHaveAttribute('data-x-position', 'right');
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
  });

  it('moves to the top-left corner, right to left, for Arabic', async () => {
    useAppStore.setState({ language: 'ar' });
    render(<AppToaster />);
    act(() => {
      notify.info('مرحبا');
    });
    expect(await screen.findByText('مرحبا')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-x-position', 'left');
    expect(toaster()).toHaveAttribute('dir', 'rtl');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { cartKeys } from '@/api/cart';
import { memberInfoQueryOptions } from '@/api/member-info';
import type { CartDto, MemberInfoDto } from '@/api/types';
import { i18n } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { createSeededQueryClient, renderApp } from '@/testing/render-app';

const MEMBER: MemberInfoDto = {
  id: 7,
  email: 'ann@example.com',
  fullName: 'Ann Lee',
  country: 'DE',
  newsletter: false,
  levelName: 'Silver',
  points: 120,
  pointsExchangeRate: 100,
  createdAt: 0,
};

const CART: CartDto = { count: 3, currency: 'USD', goods: 8997, lines: [] };

/** A stand-in German catalogue, so the test does not wait for the translator. */
const GERMAN = {
  nav: { signIn: 'Anmelden', register: 'Registrieren', aboutUs: 'Über uns' },
  header: { account: 'Konto', language: 'Sprache' },
  footer: { company: 'Unternehmen' },
};

beforeAll(() => {
  i18n.addResourceBundle('de', 'translation', GERMAN, true, true);
});

afterEach(async () => {
  await i18n.changeLanguage('en-US');
});

async function openLanguageMenu() {
  const user = userEvent.setup();
  const trigger = await screen.findByTestId('language-switcher');
  await user.click(trigger);
  const menu = await screen.findByRole('menu');
  return { user, menu };
}

describe('header', () => {
  it('shows the logo, the three menus and the site name from the settings', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'keyshop home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(banner).getByTestId('currency-switcher')).toHaveTextContent('USD');
    expect(within(banner).getByTestId('language-switcher')).toHaveTextContent('English');
    expect(within(banner).getByTestId('account-menu')).toHaveTextContent('Account');
  });

  it('lists the 18 languages by native name', async () => {
    renderApp('/');
    const { menu } = await openLanguageMenu();
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(
      Object.values(LANGUAGES).map((language) => language.nativeName),
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('switches the UI text at once and persists the language', async () => {
    renderApp('/');
    expect(await screen.findByText('About us')).toBeInTheDocument();
    const { user, menu } = await openLanguageMenu();
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch' }));

    expect(await screen.findByText('Über uns')).toBeInTheDocument();
    expect(screen.getByTestId('account-menu')).toHaveTextContent('Konto');
    expect(screen.getByTestId('language-switcher')).toHaveTextContent('Deutsch');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(JSON.parse(localStorage.getItem('keyshop-store') ?? '{}')).toMatchObject({
      state: { language: 'de' },
    });
  });

  it('sets dir=rtl for Arabic', async () => {
    renderApp('/');
    const { user, menu } = await openLanguageMenu();
    await user.click(within(menu).getByRole('menuitemradio', { name: 'العربية' }));

    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    });
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(useAppStore.getState().language).toBe('ar');
  });

  it('offers Sign in and Register in the account menu', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('account-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows the cart badge and the member from their queries (server state)', async () => {
    useAppStore.setState({ token: 'session-1' });
    const client = createSeededQueryClient();
    client.setQueryData(memberInfoQueryOptions('session-1').queryKey, MEMBER);
    client.setQueryData(cartKeys.cart('USD', 'session-1'), CART);
    renderApp('/', client);
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.getByTestId('account-menu')).toHaveTextContent('Ann Lee');
    expect(screen.getByTestId('cart-button')).toHaveAccessibleName(/3/);
  });

  it('shows no badge and the visitor menu without a session or a cart', async () => {
    renderApp('/');
    expect(await screen.findByTestId('cart-button')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('account-menu')).toHaveTextContent('Account');
  });
});

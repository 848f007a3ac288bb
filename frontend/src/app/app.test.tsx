import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { useAppStore } from '@/stores/app-store';
import { createSeededQueryClient, renderApp, TEST_CONFIG } from '@/testing/render-app';

describe('home page', () => {
  it('shows the site title and description from the settings inside the layout', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      TEST_CONFIG.siteTitle ?? '',
    );
    expect(screen.getByText(TEST_CONFIG.siteDescription ?? '')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // The footer is its own chunk, in after the page.
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('reformats the price when the currency changes', async () => {
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByTestId('home-from-price')).toHaveTextContent('Prices from $4.99');

    await user.click(screen.getByTestId('currency-switcher'));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: /EUR/ }));

    expect(screen.getByTestId('home-from-price')).toHaveTextContent('Prices from €4.59');
    expect(screen.getByTestId('currency-switcher')).toHaveTextContent('EUR');
    expect(useAppStore.getState().currency).toEqual({ code: 'EUR', symbol: '€', rate: 0.92 });
    expect(useAppStore.getState().currencySymbol).toBe('€');
  });

  it('sets title and meta tags from the site settings', async () => {
    renderApp('/');
    await waitFor(() => {
      expect(document.title).toBe('Game keys, delivered instantly');
    });
    expect(document.querySelector('meta[name="keywords"]')).toHaveAttribute(
      'content',
      TEST_CONFIG.siteKeywords,
    );
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      TEST_CONFIG.siteDescription,
    );
  });

  it('falls back to the default meta text without settings', async () => {
    renderApp('/', createSeededQueryClient({ siteName: 'keyshop' }));
    await waitFor(() => {
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
        /online/i,
      );
    });
    expect(document.querySelector('meta[name="keywords"]')).toHaveAttribute(
      'content',
      expect.stringMatching(/online shopping/) as string,
    );
  });

  it('shows the support e-mail as a mailto link and the six footer pages', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => {
      expect(
        within(footer).getByRole('link', { name: /support@keyshop\.example/ }),
      ).toHaveAttribute('href', 'mailto:support@keyshop.example');
    });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/about-us',
        '/contact-us',
        '/condition',
        '/privacy-policy',
        '/refund-policy',
        '/shipping',
      ]),
    );
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} keyshop`);
  });
});

describe('404 page', () => {
  it.each(['/404', '/no/such/page'])('renders for %s outside the layout', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the home page/ })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => {
      expect(document.title).toBe('Page not found - Game keys, delivered instantly');
    });
  });

  it('leads back home', async () => {
    const user = userEvent.setup();
    renderApp('/404');
    await user.click(await screen.findByRole('link', { name: /Back to the home page/ }));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });
});

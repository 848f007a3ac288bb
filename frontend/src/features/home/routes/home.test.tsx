import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { useAppStore } from '@/stores/app-store';
import { makeProduct, makeProducts, seedHome } from '@/testing/catalog-fixtures';
import { createSeededQueryClient, renderApp } from '@/testing/render-app';

function renderHome(options: Parameters<typeof seedHome>[1] = {}) {
  const client = createSeededQueryClient();
  seedHome(client, options);
  return renderApp('/', client);
}

describe('home lists', () => {
  it('shows best sellers, latest releases and the hottest products as cards', async () => {
    renderHome();
    for (const id of ['best-sellers', 'latest-releases', 'hot-games']) {
      const row = await screen.findByTestId(id);
      expect(within(row).getAllByTestId('product-card')).toHaveLength(6);
    }
    expect(
      within(screen.getByTestId('best-sellers')).getByRole('heading', { name: 'Best sellers' }),
    ).toBeInTheDocument();
  });

  it('draws a card with cover, title link, platform, region, price, discount and stock', async () => {
    const product = makeProduct({
      id: 7,
      title: 'Crimson Frontier',
      gameName: 'crimson-frontier',
      gameExtName: 'steam-global',
      stock: 'low',
    });
    renderHome({ bestSellers: [product] });
    const card = within(await screen.findByTestId('best-sellers')).getByTestId('product-card');
    expect(within(card).getByRole('link', { name: 'Crimson Frontier' })).toHaveAttribute(
      'href',
      '/crimson-frontier/steam-global',
    );
    expect(card).toHaveTextContent('Steam');
    expect(card).toHaveTextContent('Global');
    expect(card).toHaveTextContent('-40%');
    expect(within(card).getByTestId('price')).toHaveTextContent('$29.99');
    expect(within(card).getByTestId('price')).toHaveTextContent('$49.99');
    expect(card).toHaveTextContent('Low stock');
    expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('shows prices in the chosen currency', async () => {
    const user = userEvent.setup();
    renderHome({ bestSellers: [makeProduct({ price: 2999, listPrice: 4999 })] });
    const row = await screen.findByTestId('best-sellers');
    await user.click(screen.getByTestId('currency-switcher'));
    await user.click(await screen.findByRole('menuitemradio', { name: /EUR/ }));
    expect(within(row).getByTestId('price')).toHaveTextContent('€27.59');
  });

  it('truncates long titles to 40 units with an ellipsis', async () => {
    const title = 'The Incredibly Long Adventure of the Crimson Frontier Riders';
    renderHome({ bestSellers: [makeProduct({ title })] });
    const row = await screen.findByTestId('best-sellers');
    const link = within(row).getByRole('link', { name: /^The Incredibly/ });
    expect(link.textContent).toBe('The Incredibly Long Adventure of the Cr…');
    expect(link).toHaveAttribute('title', title);
  });

  it('turns the featured deals of the carousel', async () => {
    const user = userEvent.setup();
    renderHome({ hot: makeProducts(3, 500) });
    const carousel = await screen.findByTestId('featured-carousel');
    const visible = () =>
      within(carousel)
        .getAllByTestId('featured-slide')
        .filter((slide) => !slide.hidden);
    expect(visible()).toHaveLength(1);
    expect(visible()[0]).toHaveTextContent('Game 500');
    // The first deal shows at once; deals slide in only once the carousel moves.
    const viewport = carousel.querySelector('.ks-featured__viewport');
    expect(viewport).not.toHaveAttribute('data-moved');
    await user.click(within(carousel).getByRole('button', { name: 'Next deal' }));
    expect(visible()[0]).toHaveTextContent('Game 501');
    expect(viewport).toHaveAttribute('data-moved');
    await user.click(within(carousel).getByRole('button', { name: 'Show deal 3 of 3' }));
    expect(visible()[0]).toHaveTextContent('Game 502');
  });

  it('links platform tiles to their list with the product count', async () => {
    renderHome();
    const steam = await screen.findByRole('link', { name: /Steam\s*45 products/ });
    expect(steam).toHaveAttribute('href', '/steam');
  });
});

describe('language suggestion', () => {
  const german = { language: 'de', currency: 'EUR', country: 'DE', source: 'accept-language' };

  it('offers the visitor language and remembers a dismissal', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHome({ location: german });
    const banner = await screen.findByTestId('language-suggestion');
    expect(banner).toHaveTextContent('This store is also available in Deutsch.');
    await user.click(within(banner).getByRole('button', { name: 'No, thanks' }));
    expect(screen.queryByTestId('language-suggestion')).not.toBeInTheDocument();
    expect(useAppStore.getState().language).toBe('en-US');
    expect(JSON.parse(localStorage.getItem('keyshop-store') ?? '{}')).toMatchObject({
      state: { dismissedLanguageSuggestions: ['de'] },
    });

    unmount();
    renderHome({ location: german });
    await screen.findByTestId('best-sellers');
    expect(screen.queryByTestId('language-suggestion')).not.toBeInTheDocument();
  });

  it('switches to the suggested language', async () => {
    const user = userEvent.setup();
    renderHome({ location: german });
    const banner = await screen.findByTestId('language-suggestion');
    await user.click(within(banner).getByRole('button', { name: 'Switch to Deutsch' }));
    await waitFor(() => {
      expect(useAppStore.getState().language).toBe('de');
    });
    expect(screen.queryByTestId('language-suggestion')).not.toBeInTheDocument();
  });

  it('says nothing when the store only guessed (default) or the language is current', async () => {
    renderHome({ location: { ...german, source: 'default' } });
    await screen.findByTestId('best-sellers');
    expect(screen.queryByTestId('language-suggestion')).not.toBeInTheDocument();
  });
});

import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { ProductDetailDto } from '@/api/types';
import { browserAcceptLanguage, locationQueryOptions } from '@/lib/catalog/get-location';
import { makeDetail, makeProducts } from '@/testing/catalog-fixtures';
import { createSeededQueryClient, renderApp } from '@/testing/render-app';

import { productQueryOptions } from '../api/get-product';
import { ratingQueryOptions } from '../api/get-rating';
import { recommendationsQueryOptions } from '../api/get-recommendations';
import { reviewsQueryOptions } from '../api/get-reviews';

const REF = { gameName: 'crimson-frontier', gameExtName: 'steam-europe' };
const PATH = '/crimson-frontier/steam-europe';

function seedProduct(
  client: QueryClient,
  { detail = makeDetail(), country = 'US' }: { detail?: ProductDetailDto; country?: string } = {},
): void {
  client.setQueryData(productQueryOptions('en-US', REF).queryKey, detail);
  client.setQueryData(ratingQueryOptions(REF).queryKey, {
    average: 4.2,
    count: 17,
    stars: { '1': 0, '2': 1, '3': 2, '4': 5, '5': 9 },
  });
  client.setQueryData(reviewsQueryOptions(REF, 1).queryKey, {
    rows: [
      {
        id: 1,
        fullName: 'Ana',
        content: 'Worked at once.',
        stars: 5,
        createdAt: '2026-11-02T10:00:00Z',
        verified: true,
        staffReply: 'Thank you, Ana!',
      },
    ],
    total: 1,
    page: 1,
    limit: 10,
  });
  client.setQueryData(recommendationsQueryOptions('en-US', REF).queryKey, makeProducts(4, 40));
  client.setQueryData(locationQueryOptions(browserAcceptLanguage()).queryKey, {
    language: 'en-US',
    currency: 'USD',
    country,
    source: 'accept-language',
  });
}

function renderProduct(options?: Parameters<typeof seedProduct>[1]) {
  const client = createSeededQueryClient();
  seedProduct(client, options);
  return renderApp(PATH, client);
}

function respondWith(status: number, body: unknown): void {
  Object.defineProperty(globalThis, 'fetch', {
    value: jest.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
    writable: true,
    configurable: true,
  });
}

describe('product page', () => {
  it('shows the buy box: title, platform, region, countries, languages, price', async () => {
    renderProduct();
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Crimson Frontier');
    expect(screen.getByRole('link', { name: 'Steam' })).toHaveAttribute('href', '/steam');
    expect(screen.getByTestId('product-region')).toHaveTextContent('Europe');
    expect(screen.getByTestId('activation')).toHaveTextContent(
      'Activates in: Austria, France, and Germany',
    );
    expect(screen.getByText(/English, German, and Japanese/)).toBeInTheDocument();
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent('$29.99');
    await waitFor(() => {
      expect(document.title).toBe('Crimson Frontier - Game keys, delivered instantly');
    });
  });

  it("warns when the shopper's country is not among the activation countries", async () => {
    renderProduct({ country: 'US' });
    expect(await screen.findByTestId('region-warning')).toHaveTextContent(
      'may not activate in your country (United States)',
    );
  });

  it('does not warn inside the region or for a worldwide key', async () => {
    const { unmount } = renderProduct({ country: 'DE' });
    await screen.findByTestId('product-title');
    expect(screen.queryByTestId('region-warning')).not.toBeInTheDocument();
    unmount();
    renderProduct({ detail: makeDetail({ countries: [] }), country: 'US' });
    expect(await screen.findByTestId('activation')).toHaveTextContent('Activates worldwide');
    expect(screen.queryByTestId('region-warning')).not.toBeInTheDocument();
  });

  it('bounds the quantity by the per-order limit', async () => {
    const user = userEvent.setup();
    renderProduct();
    const quantity = await screen.findByTestId('quantity');
    const more = screen.getByRole('button', { name: 'One more' });
    await user.click(more);
    await user.click(more);
    expect(quantity).toHaveValue(3);
    expect(more).toBeDisabled();
    expect(screen.getByText('At most 3 per order')).toBeInTheDocument();
  });

  it('has every tab', async () => {
    const user = userEvent.setup();
    renderProduct();
    const tabs = await screen.findByRole('tablist', { name: 'Product details' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Description', 'Information', 'Ratings (17)', 'Recommendations', 'Key activation']);
    expect(screen.getByTestId('panel-description')).toHaveTextContent('Ride, build and defend.');

    await user.click(within(tabs).getByRole('tab', { name: 'Information' }));
    const info = screen.getByTestId('panel-information');
    expect(info).toHaveTextContent('Red Moon Studio');
    expect(info).toHaveTextContent('Far Shore Games');
    expect(info).toHaveTextContent('May 2, 2024');
    expect(within(info).getByRole('table')).toHaveTextContent('RTX 2060');

    await user.click(within(tabs).getByRole('tab', { name: 'Ratings (17)' }));
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.2');
    expect(screen.getByTestId('rating-bar-5')).toHaveTextContent('5 stars: 9 (53%)');
    expect(screen.getByTestId('review')).toHaveTextContent('Worked at once.');
    expect(screen.getByTestId('review-verified')).toHaveTextContent('Verified purchase');
    expect(screen.getByTestId('review-reply')).toHaveTextContent('Thank you, Ana!');

    await user.click(within(tabs).getByRole('tab', { name: 'Recommendations' }));
    expect(
      within(screen.getByTestId('panel-recommendations')).getAllByTestId('product-card'),
    ).toHaveLength(4);

    await user.click(within(tabs).getByRole('tab', { name: 'Key activation' }));
    const steps = within(screen.getByTestId('panel-activation')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Open Steam',
      '2Go to Games > Activate a product',
      '3Enter the key',
    ]);
  });

  it('checks a review in the browser with the server rules', async () => {
    const user = userEvent.setup();
    renderProduct();
    await user.click(await screen.findByRole('tab', { name: 'Ratings (17)' }));
    await user.click(screen.getByTestId('review-submit'));
    expect(await screen.findByTestId('error-fullName')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-email')).toHaveTextContent(
      'Please enter the correct email address!',
    );
    expect(screen.getByTestId('error-content')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-stars')).toHaveTextContent('Please choose 1 to 5 stars');
  });

  it('shows the message interval of a second review within a minute', async () => {
    const user = userEvent.setup();
    renderProduct();
    await user.click(await screen.findByRole('tab', { name: 'Ratings (17)' }));
    await user.click(screen.getByTestId('star-4'));
    await user.type(screen.getByTestId('review-name'), 'Ana');
    await user.type(screen.getByTestId('review-email'), 'ana@example.com');
    await user.type(screen.getByTestId('review-content'), 'Great.');
    respondWith(429, { code: 429, msg: '', msgKey: 'api.review.interval', data: null });
    await user.click(screen.getByTestId('review-submit'));
    expect(await screen.findByTestId('review-form-error')).toHaveTextContent(
      'Just a moment, please. The message interval is 1 minute',
    );
  });

  it('puts server field errors on their fields', async () => {
    const user = userEvent.setup();
    renderProduct();
    await user.click(await screen.findByRole('tab', { name: 'Ratings (17)' }));
    await user.click(screen.getByTestId('star-5'));
    await user.type(screen.getByTestId('review-name'), 'Ana');
    await user.type(screen.getByTestId('review-email'), 'ana@example.com');
    await user.type(screen.getByTestId('review-content'), 'Great.');
    respondWith(400, {
      code: 400,
      msg: '',
      msgKey: 'api.error.validation',
      data: { fields: { email: 'api.field.email' } },
    });
    await user.click(screen.getByTestId('review-submit'));
    expect(await screen.findByTestId('error-email')).toHaveTextContent(
      'Please enter the correct email address!',
    );
  });

  it('says so when the product does not exist', async () => {
    respondWith(404, { code: 404, msg: '', msgKey: 'api.error.productNotFound', data: null });
    renderApp('/no-such-game/steam-global');
    expect(await screen.findByTestId('product-not-found')).toHaveTextContent(
      'This product does not exist',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

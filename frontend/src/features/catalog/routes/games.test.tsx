import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { QueryGamesDto, TypeListDto } from '@/api/types';
import { makeProducts, makeQueryGames } from '@/testing/catalog-fixtures';
import { createSeededQueryClient, currentPath, renderApp } from '@/testing/render-app';

import { typeListQueryOptions } from '../api/get-type-list';
import { queryGamesQueryOptions } from '../api/query-games';
import { parseFilters, toQueryGamesParams } from '../lib/filters';

function seedList(client: QueryClient, search: string, data: QueryGamesDto): void {
  const params = toQueryGamesParams(parseFilters(search), 'USD');
  client.setQueryData(queryGamesQueryOptions('en-US', params).queryKey, data);
}

function renderGames(search: string, data: QueryGamesDto = makeQueryGames()) {
  const client = createSeededQueryClient();
  seedList(client, search, data);
  return renderApp(`/games${search}`, client);
}

describe('/games', () => {
  it('shows the count, the cards, the facet counts and the pagination', async () => {
    renderGames('?platform=steam');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('45 products');
    const results = screen.getByRole('list', { name: 'Products' });
    expect(within(results).getAllByTestId('product-card')).toHaveLength(20);

    const sidebar = screen.getAllByTestId('filter-sidebar')[0];
    if (!sidebar) throw new Error('no sidebar');
    const steam = within(sidebar).getByRole('checkbox', { name: /Steam/ });
    expect(steam).toBeChecked();
    expect(steam.closest('label')).toHaveTextContent('30');
    // Nothing matches GOG with the other filters: it cannot be ticked.
    expect(within(sidebar).getByRole('checkbox', { name: /GOG/ })).toBeDisabled();

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/games?platform=steam&page=2',
    );
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(pager).toHaveTextContent('45 in total');
  });

  it('puts a ticked filter into the address, from page 1', async () => {
    const user = userEvent.setup();
    const { router } = renderGames('?platform=steam&page=2');
    const sidebar = (await screen.findAllByTestId('filter-sidebar'))[0];
    if (!sidebar) throw new Error('no sidebar');
    await user.click(within(sidebar).getByRole('checkbox', { name: /Xbox/ }));
    expect(currentPath(router)).toBe('/games?platform=steam,xbox');
  });

  it('sorts through the address', async () => {
    const user = userEvent.setup();
    const { router } = renderGames('');
    await user.selectOptions(await screen.findByTestId('sort-select'), 'price_asc');
    expect(currentPath(router)).toBe('/games?sort=price_asc');
  });

  it('shows chips of the active filters; a chip or "clear all" removes them', async () => {
    const user = userEvent.setup();
    const { router } = renderGames(
      '?platform=steam&genre=rpg&priceMin=10&currency=USD&sort=newest',
    );
    const chips = await screen.findByTestId('filter-chips');
    expect(within(chips).getByRole('button', { name: 'Remove filter: Steam' })).toBeInTheDocument();
    expect(
      within(chips).getByRole('button', { name: 'Remove filter: From $10' }),
    ).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter: RPG' }));
    expect(currentPath(router)).toBe('/games?platform=steam&priceMin=10&currency=USD&sort=newest');
    await user.click(screen.getByTestId('clear-filters'));
    expect(currentPath(router)).toBe('/games?sort=newest');
  });

  it('checks the price range in the browser with the server message', async () => {
    const user = userEvent.setup();
    const { router } = renderGames('');
    const sidebar = (await screen.findAllByTestId('filter-sidebar'))[0];
    if (!sidebar) throw new Error('no sidebar');
    await user.type(within(sidebar).getByTestId('price-min'), '50');
    await user.type(within(sidebar).getByTestId('price-max'), '10');
    await user.click(within(sidebar).getByTestId('price-apply'));
    expect(within(sidebar).getByRole('alert')).toHaveTextContent(
      'The lowest price must not exceed the highest',
    );
    expect(currentPath(router)).toBe('/games');

    await user.clear(within(sidebar).getByTestId('price-max'));
    await user.type(within(sidebar).getByTestId('price-max'), '99.5');
    await user.click(within(sidebar).getByTestId('price-apply'));
    expect(currentPath(router)).toBe('/games?priceMin=50&priceMax=99.5&currency=USD');
  });

  it('shows skeleton cards while the first page loads', async () => {
    renderApp('/games?platform=xbox');
    expect((await screen.findAllByTestId('product-skeleton')).length).toBeGreaterThan(0);
  });

  it('offers a way out of an empty result', async () => {
    const user = userEvent.setup();
    const { router } = renderGames('?genre=horror', makeQueryGames({ rows: [], total: 0 }));
    const empty = await screen.findByTestId('results-empty');
    expect(empty).toHaveTextContent('No products match');
    await user.click(within(empty).getByRole('button', { name: 'Clear all filters' }));
    expect(currentPath(router)).toBe('/games');
  });

  it('titles a text search and offers relevance', async () => {
    renderGames('?text=crimson');
    expect(await screen.findByTestId('list-title')).toHaveTextContent('Results for “crimson”');
    expect(screen.getByTestId('sort-select')).toHaveValue('relevance');
    await waitFor(() => {
      expect(document.title).toBe('Results for “crimson” - Game keys, delivered instantly');
    });
  });

  it('opens the filters in a drawer on phones', async () => {
    const user = userEvent.setup();
    renderGames('?platform=steam');
    await user.click(await screen.findByTestId('open-filters'));
    const drawer = await screen.findByTestId('filter-drawer');
    expect(within(drawer).getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Show 45 products' })).toBeInTheDocument();
  });
});

describe('/{code}', () => {
  const steamPage: TypeListDto = {
    kind: 'platform',
    code: 'steam',
    rows: makeProducts(10),
    total: 12,
    page: 1,
    limit: 10,
    facets: makeQueryGames().facets,
  };

  it('lists one platform with the same list UI', async () => {
    const client = createSeededQueryClient();
    client.setQueryData(
      typeListQueryOptions('en-US', 'steam', { page: 1, limit: 10, sort: null }).queryKey,
      steamPage,
    );
    renderApp('/steam?limit=10', client);
    expect(await screen.findByTestId('list-title')).toHaveTextContent('Steam');
    expect(screen.getByTestId('result-count')).toHaveTextContent('12 products');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/steam?page=2&limit=10',
    );
  });

  it('continues on /games when another filter is ticked', async () => {
    const user = userEvent.setup();
    const client = createSeededQueryClient();
    client.setQueryData(
      typeListQueryOptions('en-US', 'steam', { page: 1, limit: 20, sort: null }).queryKey,
      { ...steamPage, limit: 20 },
    );
    const { router } = renderApp('/steam', client);
    const sidebar = (await screen.findAllByTestId('filter-sidebar'))[0];
    if (!sidebar) throw new Error('no sidebar');
    await user.click(within(sidebar).getByRole('checkbox', { name: /^RPG\b/ }));
    expect(currentPath(router)).toBe('/games?platform=steam&genre=rpg');
  });

  it('is the 404 page, outside the layout, for a code that names nothing', async () => {
    renderApp('/nowhere');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Page not found - Game keys, delivered instantly');
    });
  });
});

import type { QueryClient } from '@tanstack/react-query';

import type {
  LocationDto,
  NavigationBarDto,
  ProductCardDto,
  ProductDetailDto,
  QueryGamesDto,
} from '@/api/types';
import { bestSellersQueryOptions } from '@/features/home/api/get-best-sellers';
import { hotGamesQueryOptions } from '@/features/home/api/get-hot-games';
import { latestReleasesQueryOptions } from '@/features/home/api/get-latest-releases';
import { locationQueryOptions, browserAcceptLanguage } from '@/lib/catalog/get-location';
import { navigationBarQueryOptions } from '@/lib/catalog/get-navigation-bar';
import { LANGUAGE_CODES } from '@/lib/i18n/languages';

export function makeProduct(overrides: Partial<ProductCardDto> = {}): ProductCardDto {
  const id = overrides.id ?? 12;
  return {
    id,
    sku: `KS-${String(id).padStart(5, '0')}`,
    gameName: `game-${id}`,
    gameExtName: 'steam-global',
    title: `Game ${id}`,
    type: 'game',
    platform: 'steam',
    region: 'global',
    price: 2999,
    listPrice: 4999,
    discount: 40,
    stock: 'in_stock',
    cover: `/prod-api/api/media/cover/${id}.svg`,
    rating: 4.3,
    ratingCount: 17,
    releaseDate: '2024-05-02',
    titles: {},
    ...overrides,
  };
}

export function makeProducts(count: number, from = 1): ProductCardDto[] {
  return Array.from({ length: count }, (_, index) =>
    makeProduct({ id: from + index, title: `Game ${from + index}` }),
  );
}

export function makeDetail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    ...makeProduct({
      id: 12,
      gameName: 'crimson-frontier',
      gameExtName: 'steam-europe',
      title: 'Crimson Frontier',
      region: 'europe',
    }),
    genres: ['action', 'rpg'],
    languages: ['en-US', 'de', 'ja'],
    developer: 'Red Moon Studio',
    publisher: 'Far Shore Games',
    perOrderLimit: 3,
    preorder: false,
    description: 'A frontier at war.\n\nRide, build and defend.',
    activationGuide: 'Open Steam\nGo to Games > Activate a product\nEnter the key',
    contentLanguage: 'en',
    screenshots: [
      '/prod-api/api/media/screenshot/12/1.svg',
      '/prod-api/api/media/screenshot/12/2.svg',
    ],
    requirements: {
      minimum: {
        os: 'Windows 10',
        cpu: 'i5',
        memory: '8 GB',
        graphics: 'GTX 960',
        storage: '40 GB',
      },
      recommended: {
        os: 'Windows 11',
        cpu: 'i7',
        memory: '16 GB',
        graphics: 'RTX 2060',
        storage: '40 GB SSD',
      },
    },
    tags: ['open world'],
    countries: ['DE', 'AT', 'FR'],
    ...overrides,
  };
}

export const TEST_NAVIGATION: NavigationBarDto = {
  platforms: [
    { code: 'steam', count: 45 },
    { code: 'xbox', count: 20 },
  ],
  types: [
    { code: 'game', count: 120 },
    { code: 'dlc', count: 30 },
  ],
  genres: [
    { code: 'rpg', count: 30 },
    { code: 'action', count: 40 },
  ],
  regions: [{ code: 'global', count: 80 }],
};

export function makeQueryGames(overrides: Partial<QueryGamesDto> = {}): QueryGamesDto {
  return {
    rows: makeProducts(20),
    total: 45,
    page: 1,
    limit: 20,
    facets: {
      platform: { steam: 30, xbox: 15, gog: 0 },
      type: { game: 40, dlc: 5 },
      genre: { rpg: 12, action: 33 },
      region: { global: 25, europe: 20 },
      stock: { in_stock: 40, low: 3, out_of_stock: 2 },
    },
    ...overrides,
  };
}

/** Seeds the home lists, the navigation bar and (optionally) the visitor location. */
export function seedHome(
  client: QueryClient,
  {
    hot = makeProducts(6, 100),
    bestSellers = makeProducts(6, 200),
    latest = makeProducts(6, 300),
    location,
  }: {
    hot?: ProductCardDto[];
    bestSellers?: ProductCardDto[];
    latest?: ProductCardDto[];
    location?: LocationDto;
  } = {},
): void {
  for (const language of LANGUAGE_CODES) {
    client.setQueryData(hotGamesQueryOptions(language).queryKey, hot);
    client.setQueryData(bestSellersQueryOptions(language).queryKey, bestSellers);
    client.setQueryData(latestReleasesQueryOptions(language).queryKey, latest);
    client.setQueryData(navigationBarQueryOptions(language).queryKey, TEST_NAVIGATION);
  }
  if (location) {
    client.setQueryData(locationQueryOptions(browserAcceptLanguage()).queryKey, location);
  }
}

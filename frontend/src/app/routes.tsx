import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';

import { paths, SITE_PAGE_SLUGS, type SitePageSlug } from '@/config/paths';
import { listKindOf } from '@/lib/catalog/codes';
import type { TranslationKey } from '@/lib/i18n/i18n';

import { MainLayout } from './layout/main-layout';
import type { RouteHandle } from './route-handle';
import { LayoutError } from './routes/layout-error';
import { RootRoute } from './routes/root';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

const handle = (titleKey: TranslationKey): RouteHandle => ({ titleKey });

const lazyNotFound = async () => {
  const { NotFoundRoute } = await import(
    /* webpackChunkName: "route-not-found" */ '@/features/misc/routes/not-found'
  );
  return { Component: NotFoundRoute };
};

const lazySitePage = async () => {
  const { SitePageRoute } = await import(
    /* webpackChunkName: "route-site-page" */ '@/features/pages/routes/site-page'
  );
  return { Component: SitePageRoute };
};

const SITE_PAGE_TITLES: Readonly<Record<SitePageSlug, TranslationKey>> = {
  'about-us': 'nav.aboutUs',
  'contact-us': 'nav.contactUs',
  condition: 'nav.condition',
  'privacy-policy': 'nav.privacyPolicy',
  'refund-policy': 'nav.refundPolicy',
  shipping: 'nav.shipping',
};

/**
 * `/{code}` lists one type, platform or genre; any other single segment is not a page, and
 * the layout's error element shows the 404 page for it (outside the layout, as for every
 * unknown path).
 */
function categoryLoader({ params }: LoaderFunctionArgs) {
  if (listKindOf(params.name) === null) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's 404
    throw data(null, { status: 404 });
  }
  return null;
}

/**
 * The route tree. The root route runs the navigation rules for every page; the main layout
 * (header and footer) stays mounted while its pages change; the 404 page sits outside it.
 * Unknown paths render the 404 page in place, so the address the shopper typed stays.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
    children: [
      {
        element: <MainLayout />,
        errorElement: <LayoutError />,
        children: [
          {
            index: true,
            handle: handle('pageTitle.home'),
            lazy: async () => {
              const { HomeRoute } = await import(
                /* webpackChunkName: "route-home" */ '@/features/home/routes/home'
              );
              return { Component: HomeRoute };
            },
          },
          {
            path: paths.games,
            handle: handle('pageTitle.games'),
            lazy: async () => {
              const { GamesRoute } = await import(
                /* webpackChunkName: "route-games" */ '@/features/catalog/routes/games'
              );
              return { Component: GamesRoute };
            },
          },
          {
            path: paths.news,
            handle: handle('pageTitle.news'),
            lazy: async () => {
              const { NewsRoute } = await import(
                /* webpackChunkName: "route-news" */ '@/features/news/routes/news'
              );
              return { Component: NewsRoute };
            },
          },
          {
            path: paths.newsInfo,
            handle: handle('pageTitle.newsItem'),
            lazy: async () => {
              const { NewsItemRoute } = await import(
                /* webpackChunkName: "route-news-item" */ '@/features/news/routes/news-item'
              );
              return { Component: NewsItemRoute };
            },
          },
          ...SITE_PAGE_SLUGS.map((slug): RouteObject => ({
            path: `/${slug}`,
            handle: handle(SITE_PAGE_TITLES[slug]),
            lazy: lazySitePage,
          })),
          {
            path: '/:name',
            handle: handle('pageTitle.category'),
            loader: categoryLoader,
            lazy: async () => {
              const { CategoryRoute } = await import(
                /* webpackChunkName: "route-games" */ '@/features/catalog/routes/category'
              );
              return { Component: CategoryRoute };
            },
          },
          {
            path: '/:gameName/:gameExtName',
            handle: handle('pageTitle.product'),
            lazy: async () => {
              const { ProductRoute } = await import(
                /* webpackChunkName: "route-product" */ '@/features/product/routes/product'
              );
              return { Component: ProductRoute };
            },
          },
        ],
      },
      { path: paths.notFound, handle: handle('pageTitle.notFound'), lazy: lazyNotFound },
      { path: '*', handle: handle('pageTitle.notFound'), lazy: lazyNotFound },
    ],
  },
];

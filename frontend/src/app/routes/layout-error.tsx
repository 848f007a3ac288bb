import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { usePageTitle } from '@/hooks/use-page-title';

import { RouteError } from './route-error';
import { RouteLoading } from './route-loading';

const NotFoundPage = lazy(async () => {
  const { NotFoundRoute } = await import(
    /* webpackChunkName: "route-not-found" */ '@/features/misc/routes/not-found'
  );
  return { default: NotFoundRoute };
});

/**
 * The error element of the main layout: a 404 thrown by a page's loader (a path that names
 * no page) shows the 404 page in place of the layout, like every unknown path; anything
 * else shows the error page.
 */
export function LayoutError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? t('pageTitle.notFound') : null);
  if (!notFound) return <RouteError />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <NotFoundPage />
    </Suspense>
  );
}

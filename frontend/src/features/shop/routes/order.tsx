import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation, useNavigate, useParams } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

import { useOrder } from '../api/shop';
import { OrderDetail } from '../components/order-parts';
import { rememberOrderToken, tokenFromHash } from '../lib/order-tokens';

import './shop.css';

/**
 * `/order/{orderNo}#token=…`: a guest's order, opened with the link of the checkout or the
 * delivery e-mail. The token sits in the fragment (no server or log ever sees it); it is kept
 * for this tab and the fragment is cleared from the address bar.
 */
export function OrderRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { orderNo = '' } = useParams();
  useState(() => {
    const token = tokenFromHash(location.hash);
    if (token) {
      rememberOrderToken(orderNo, token);
      window.history.replaceState(window.history.state, '', location.pathname);
    }
    return token;
  });
  const order = useOrder(orderNo);
  return (
    <div className="ks-container ks-shop-page" data-testid="order-page">
      <Breadcrumbs items={[{ label: t('shop.order.title') }]} />
      {order.isError ? (
        <EmptyState
          icon={SearchX}
          title={t('shop.order.notFound')}
          text={t('shop.order.notFoundText')}
          testId="order-missing"
        >
          <AppLink to={paths.home} className="ks-button ks-button--primary">
            {t('notFound.backHome')}
          </AppLink>
        </EmptyState>
      ) : null}
      {order.data ? (
        <OrderDetail order={order.data} onDeleted={() => void navigate(paths.home)} />
      ) : null}
    </div>
  );
}

import { ChevronLeft, Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { myOrderPath, paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useOrderMoney } from '@/hooks/use-order-money';

import { useOrder, useOrders } from '../api/shop';
import { OrderDetail, OrderStateBadge } from '../components/order-parts';

import './shop.css';

/** One of the member's orders (`?no=`), with its keys and actions. */
function MyOrderDetail({ orderNo, onBack }: { orderNo: string; onBack: () => void }) {
  const { t } = useTranslation();
  const order = useOrder(orderNo);
  return (
    <section data-testid="my-order-detail">
      <button type="button" className="ks-link-button" onClick={onBack}>
        <ChevronLeft aria-hidden="true" size={16} />
        {t('shop.order.back')}
      </button>
      {order.isError ? <p>{t('shop.order.notFound')}</p> : null}
      {order.data ? <OrderDetail order={order.data} onDeleted={onBack} /> : null}
    </section>
  );
}

/** My orders: the member's orders, newest first; one opens in place. */
export function MyOrderRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const money = useOrderMoney();
  const language = useAppStore(selectLanguage);
  const date = new Intl.DateTimeFormat(LANGUAGES[language].htmlLang, { dateStyle: 'medium' });
  const open = params.get('no');
  if (open) {
    return <MyOrderDetail orderNo={open} onBack={() => setParams({})} />;
  }
  const rows = orders.data?.rows ?? [];
  return (
    <section data-testid="my-order">
      <div className="ks-account__heading">
        <h1 className="ks-page__title">{t('account.nav.orders')}</h1>
      </div>
      {orders.isSuccess && rows.length === 0 ? (
        <EmptyState icon={Package} title={t('shop.order.none')} testId="orders-empty">
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('nav.allGames')}
          </AppLink>
        </EmptyState>
      ) : (
        <ul className="ks-order-list">
          {rows.map((order) => (
            <li key={order.orderNo} className="ks-order-row" data-testid="order-row">
              <AppLink to={myOrderPath(order.orderNo)} className="ks-order-row__link">
                <span className="ks-order-row__no">{order.orderNo}</span>
                <span className="ks-order-row__date">{date.format(order.createdAt)}</span>
                <span className="ks-order-row__items">
                  {order.lines.map((line) => line.title).join(', ')}
                </span>
                <span className="ks-order-row__total">
                  {money(order.realAmount, order.currency)}
                </span>
                <OrderStateBadge state={order.state} testId="order-row-state" />
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      {orders.data && orders.data.total > orders.data.limit ? (
        <Pagination
          page={page}
          total={orders.data.total}
          limit={orders.data.limit}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

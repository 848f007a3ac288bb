import { useTranslation } from '@/lib/i18n/use-translation';

import type { OrderDto } from '@/api/types';
import { useOrderMoney } from '@/hooks/use-order-money';

import { useDateTime } from '../lib/format';

/**
 * An order's state, buyer, total (and the member's points it was paid with) and placement time,
 * as the search and the order page show them.
 */
export function OrderFacts({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const formatDateTime = useDateTime();
  return (
    <>
      <div>
        <dt>{t('staff.orders.state')}</dt>
        <dd data-testid="staff-order-state">{t(`shop.state.${order.state}`)}</dd>
      </div>
      <div>
        <dt>{t('staff.orders.email')}</dt>
        <dd>{order.email}</dd>
      </div>
      <div>
        <dt>{t('staff.orders.total')}</dt>
        <dd>{money(order.realAmount, order.currency)}</dd>
      </div>
      {order.pointsUsed > 0 ? (
        <div>
          <dt>{t('shop.price.points')}</dt>
          <dd data-testid="staff-order-points">
            {`${String(order.pointsUsed)} · ${money(-order.pointsDiscount, order.currency)}`}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('staff.orders.placed')}</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
      </div>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { FormAlert } from '@/components/ui/form-field';
import { paths } from '@/config/paths';

import { staffOrder } from '../api/staff';
import { OrderFacts } from '../components/order-facts';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

function OrderDetail({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const found = useQuery({
    queryKey: ['staff', 'order', orderNo],
    queryFn: () => staffOrder(orderNo),
    staleTime: 0,
  });
  if (found.isError) return <FormAlert>{found.error.message}</FormAlert>;
  if (!found.data) return null;
  const { order, reveals } = found.data;
  return (
    <section data-testid="staff-order-detail">
      <Link className="ks-text-link" to={paths.staffOrders}>
        {t('staff.orders.back')}
      </Link>
      <h1 className="ks-staff__title">{order.orderNo}</h1>
      <dl className="ks-staff__facts ks-staff__card">
        <OrderFacts order={order} />
      </dl>
      <h2 className="ks-staff__title">{t('staff.orders.products')}</h2>
      <ul className="ks-staff__list">
        {order.lines.map((line) => (
          <li key={line.lineNo} className="ks-staff__card">
            {`${String(line.quantity)} × ${line.title}`}
          </li>
        ))}
      </ul>
      <h2 className="ks-staff__title">{t('staff.orders.history')}</h2>
      <ol className="ks-staff__list" data-testid="staff-order-history">
        {order.history.map((step) => (
          <li key={`${step.state}-${String(step.at)}`} className="ks-staff__card">
            <strong>{t(`shop.state.${step.state}`)}</strong> · {formatDateTime(step.at)}
            {step.note !== '' ? <p>{step.note}</p> : null}
          </li>
        ))}
      </ol>
      <h2 className="ks-staff__title">{t('staff.orders.reveals')}</h2>
      {reveals.length === 0 ? <p>{t('staff.orders.noReveals')}</p> : null}
      <ul className="ks-staff__list" data-testid="staff-order-reveals">
        {reveals.map((reveal) => (
          <li key={`${reveal.actor}-${String(reveal.at)}`} className="ks-staff__card">
            {formatDateTime(reveal.at)} · {t('staff.orders.by')} {reveal.actor} · {reveal.ip} ·{' '}
            {reveal.browser} · {reveal.os}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One order as staff see it: facts, products, history, and who opened its keys when. */
export function StaffOrderRoute() {
  const { orderNo = '' } = useParams();
  return (
    <RequirePermission permission="orders.read">
      <OrderDetail orderNo={orderNo} />
    </RequirePermission>
  );
}

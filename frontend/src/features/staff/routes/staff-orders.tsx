import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { OrderDto, OrderState, StaffOrderSearch } from '@/api/types';
import { OrderStateValues } from '@/api/vocabulary';
import { FormAlert, FormField, TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';

import { searchOrders } from '../api/staff';
import { OrderFacts } from '../components/order-facts';
import { RequirePermission } from '../components/staff-layout';
import { ordersCsv } from '../lib/orders-csv';

interface Filters {
  orderNo: string;
  email: string;
  state: OrderState | '';
  sku: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { orderNo: '', email: '', state: '', sku: '', from: '', to: '' };
/** Orders a page shows, and an export reads at a time (the API's largest page). */
const PAGE_SIZE = 50;
/** The most pages one export reads. */
const EXPORT_PAGES = 20;

function query(filters: Filters, page: number): StaffOrderSearch {
  const day = (value: string) => (value === '' ? undefined : Date.parse(`${value}T00:00:00`));
  return {
    orderNo: filters.orderNo.trim() || undefined,
    email: filters.email.trim() || undefined,
    state: filters.state || undefined,
    sku: filters.sku.trim() || undefined,
    from: day(filters.from),
    to: day(filters.to),
    page,
    limit: PAGE_SIZE,
  };
}

function OrderSearch() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const found = useQuery({
    queryKey: ['staff', 'orders', filters, page],
    queryFn: () => searchOrders(query(filters, page)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const set = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const exportCsv = async (): Promise<void> => {
    const rows: OrderDto[] = [];
    for (let page = 1; page <= EXPORT_PAGES; page += 1) {
      const result = await searchOrders(query(filters, page));
      rows.push(...result.rows);
      if (rows.length >= result.total || result.rows.length === 0) break;
    }
    const url = URL.createObjectURL(new Blob([ordersCsv(rows)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'orders.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section data-testid="staff-orders">
      <h1 className="ks-staff__title">{t('staff.orders.title')}</h1>
      <p className="ks-staff__intro">{t('staff.orders.intro')}</p>
      <form
        className="ks-staff__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <TextField
          label={t('staff.orders.orderNo')}
          value={draft.orderNo}
          onChange={set('orderNo')}
          testId="staff-orders-no"
        />
        <TextField
          label={t('staff.orders.email')}
          value={draft.email}
          onChange={set('email')}
          testId="staff-orders-email"
        />
        <FormField label={t('staff.orders.state')}>
          {(wiring) => (
            <select
              className="ks-select"
              {...wiring}
              value={draft.state}
              onChange={set('state')}
              data-testid="staff-orders-state"
            >
              <option value="">{t('staff.orders.anyState')}</option>
              {OrderStateValues.map((state) => (
                <option key={state} value={state}>
                  {t(`shop.state.${state}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField label={t('staff.orders.sku')} value={draft.sku} onChange={set('sku')} />
        <TextField
          label={t('staff.orders.from')}
          type="date"
          value={draft.from}
          onChange={set('from')}
        />
        <TextField label={t('staff.orders.to')} type="date" value={draft.to} onChange={set('to')} />
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            data-testid="staff-orders-search"
          >
            <Search size={18} aria-hidden />
            {t('staff.orders.search')}
          </button>
          <button
            type="button"
            className="ks-button ks-button--secondary"
            disabled={!found.data || found.data.total === 0}
            onClick={() => void exportCsv()}
            data-testid="staff-orders-export"
          >
            <Download size={18} aria-hidden />
            {t('staff.orders.export')}
          </button>
        </div>
      </form>
      {found.isError ? <FormAlert>{found.error.message}</FormAlert> : null}
      {found.data ? (
        <p className="ks-staff__intro" data-testid="staff-orders-count">
          {found.data.total === 0
            ? t('staff.orders.empty')
            : t('staff.orders.found', { count: found.data.total })}
        </p>
      ) : null}
      <ul className="ks-staff__list">
        {found.data?.rows.map((order) => (
          <li key={order.orderNo} className="ks-staff__card" data-testid="staff-order">
            <dl className="ks-staff__facts">
              <div>
                <dt>{t('staff.orders.orderNo')}</dt>
                <dd>
                  <Link className="ks-text-link" to={`${paths.staffOrders}/${order.orderNo}`}>
                    {order.orderNo}
                  </Link>
                </dd>
              </div>
              <OrderFacts order={order} />
            </dl>
          </li>
        ))}
      </ul>
      {found.data && found.data.total > PAGE_SIZE ? (
        <Pagination page={page} total={found.data.total} limit={PAGE_SIZE} onPageChange={setPage} />
      ) : null}
    </section>
  );
}

/** Order search for support and finance, with a CSV export of what it finds. */
export function StaffOrdersRoute() {
  return (
    <RequirePermission permission="orders.read">
      <OrderSearch />
    </RequirePermission>
  );
}

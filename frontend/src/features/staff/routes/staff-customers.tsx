import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import { FormAlert, TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money';

import { searchCustomers } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

const PAGE_SIZE = 20;

function CustomerSearch() {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const found = useQuery({
    queryKey: ['staff', 'customers', text, page],
    queryFn: () => searchCustomers(text.trim(), page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-customers">
      <h1 className="ks-staff__title">{t('staff.customers.title')}</h1>
      <p className="ks-staff__intro">{t('staff.customers.intro')}</p>
      <form
        className="ks-staff__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setText(draft);
        }}
      >
        <TextField
          label={t('staff.customers.search')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          testId="staff-customers-text"
        />
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            data-testid="staff-customers-search"
          >
            <Search size={18} aria-hidden />
            {t('staff.orders.search')}
          </button>
        </div>
      </form>
      {found.isError ? <FormAlert>{found.error.message}</FormAlert> : null}
      {found.data ? (
        <p className="ks-staff__intro">
          {found.data.total === 0
            ? t('staff.customers.empty')
            : t('staff.customers.found', { count: found.data.total })}
        </p>
      ) : null}
      <ul className="ks-staff__list">
        {found.data?.rows.map((customer) => (
          <li key={customer.id} className="ks-staff__card" data-testid="staff-customer-row">
            <dl className="ks-staff__facts">
              <div>
                <dt>{t('staff.orders.email')}</dt>
                <dd>
                  <Link
                    className="ks-text-link"
                    to={`${paths.staffCustomers}/${String(customer.id)}`}
                  >
                    {customer.email}
                  </Link>
                  {customer.disabled ? (
                    <span className="ks-staff__badge">{t('staff.customers.disabled')}</span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>{t('staff.customers.name')}</dt>
                <dd>{customer.fullName}</dd>
              </div>
              <div>
                <dt>{t('staff.customers.level')}</dt>
                <dd>{customer.levelName}</dd>
              </div>
              <div>
                <dt>{t('staff.customers.points')}</dt>
                <dd>{customer.points}</dd>
              </div>
              <div>
                <dt>{t('staff.customers.spent')}</dt>
                <dd>{formatMoney(customer.totalConsumptionUsd, { symbol: '$', rate: 1 })}</dd>
              </div>
              <div>
                <dt>{t('staff.customers.joined')}</dt>
                <dd>{formatDateTime(customer.createdAt)}</dd>
              </div>
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

/** Members (the shop's accounts) for support and the owner: search by e-mail or name. */
export function StaffCustomersRoute() {
  return (
    <RequirePermission permission="members.read">
      <CustomerSearch />
    </RequirePermission>
  );
}

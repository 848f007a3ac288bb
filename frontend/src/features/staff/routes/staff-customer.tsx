import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CheckCircle2, Coins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useParams } from 'react-router';

import type { CustomerDto, CustomerFileDto } from '@/api/types';
import { FormAlert, TextField, errorText } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http/envelope';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/toast';

import { adjustCustomerPoints, setCustomerDisabled, staffCustomer } from '../api/staff';
import { OrderFacts } from '../components/order-facts';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const customerKey = (id: number) => ['staff', 'customer', id] as const;

/** Points added or taken back with a reason, with the version read. */
function PointsForm({ customer }: { customer: CustomerDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useMutation({
    mutationFn: () => adjustCustomerPoints(customer.id, Number(delta), reason, customer.version),
    onSuccess: (file) => {
      setDelta('');
      setReason('');
      notify.success(t('staff.customers.adjusted'));
      queryClient.setQueryData(customerKey(customer.id), file);
    },
  });
  const fields = adjust.error instanceof ApiError ? adjust.error.fieldErrors : {};
  const formError =
    adjust.error instanceof ApiError && Object.keys(fields).length === 0
      ? errorText(adjust.error.msgKey)
      : null;
  return (
    <form
      className="ks-staff__card ks-staff__filters"
      onSubmit={(event) => {
        event.preventDefault();
        adjust.mutate();
      }}
      data-testid="staff-customer-points"
    >
      <h2 className="ks-staff__subtitle">{t('staff.customers.adjustTitle')}</h2>
      <TextField
        label={t('staff.customers.delta')}
        inputMode="numeric"
        value={delta}
        onChange={(event) => setDelta(event.target.value)}
        error={delta !== '' && !/^-?\d{1,7}$/.test(delta) ? 'api.field.notANumber' : fields.delta}
        testId="staff-customer-delta"
      />
      <TextField
        label={t('staff.customers.reason')}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        error={fields.reason}
        testId="staff-customer-reason"
      />
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--secondary"
          disabled={adjust.isPending || !/^-?\d{1,7}$/.test(delta)}
          data-testid="staff-customer-adjust"
        >
          <Coins size={18} aria-hidden />
          {t('staff.customers.adjust')}
        </button>
      </div>
      <FormAlert>{formError}</FormAlert>
    </form>
  );
}

function CustomerPage({ file }: { file: CustomerFileDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const staff = useStaffStore((state) => state.staff);
  const queryClient = useQueryClient();
  const { customer } = file;
  const mayManage = mayStaff(staff, 'members.manage');
  const toggle = useMutation({
    mutationFn: () => setCustomerDisabled(customer.id, !customer.disabled, customer.version),
    onSuccess: (changed) => {
      notify.success(
        t(
          changed.customer.disabled
            ? 'staff.customers.disabledDone'
            : 'staff.customers.enabledDone',
        ),
      );
      queryClient.setQueryData(customerKey(customer.id), changed);
    },
  });
  return (
    <section data-testid="staff-customer">
      <Link className="ks-text-link" to={paths.staffCustomers}>
        {t('staff.customers.back')}
      </Link>
      <h1 className="ks-staff__title">{customer.email}</h1>
      <dl className="ks-staff__facts ks-staff__card">
        <div>
          <dt>{t('staff.customers.name')}</dt>
          <dd>{customer.fullName}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.state')}</dt>
          <dd data-testid="staff-customer-state">
            {customer.disabled ? t('staff.customers.disabled') : t('staff.customers.active')}
          </dd>
        </div>
        <div>
          <dt>{t('staff.customers.level')}</dt>
          <dd>{customer.levelName}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.points')}</dt>
          <dd data-testid="staff-customer-points-balance">{customer.points}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.spent')}</dt>
          <dd>{formatMoney(customer.totalConsumptionUsd, { symbol: '$', rate: 1 })}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.country')}</dt>
          <dd>{customer.country}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.language')}</dt>
          <dd>{customer.language}</dd>
        </div>
        <div>
          <dt>{t('staff.customers.joined')}</dt>
          <dd>{formatDateTime(customer.createdAt)}</dd>
        </div>
      </dl>
      {mayManage ? (
        <div className="ks-staff__actions ks-staff__audit">
          <button
            type="button"
            className="ks-button ks-button--secondary"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
            data-testid="staff-customer-toggle"
          >
            {customer.disabled ? (
              <CheckCircle2 size={18} aria-hidden />
            ) : (
              <Ban size={18} aria-hidden />
            )}
            {customer.disabled ? t('staff.customers.enable') : t('staff.customers.disable')}
          </button>
        </div>
      ) : null}
      {mayManage ? <PointsForm key={customer.version} customer={customer} /> : null}

      {file.orders ? (
        <>
          <h2 className="ks-staff__title">{t('staff.customers.orders')}</h2>
          {file.orders.length === 0 ? <p>{t('staff.customers.noOrders')}</p> : null}
          <ul className="ks-staff__list" data-testid="staff-customer-orders">
            {file.orders.map((order) => (
              <li key={order.orderNo} className="ks-staff__card">
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
        </>
      ) : null}

      <h2 className="ks-staff__title">{t('staff.customers.adjustments')}</h2>
      {file.adjustments.length === 0 ? <p>{t('staff.customers.noAdjustments')}</p> : null}
      <ul className="ks-staff__list" data-testid="staff-customer-adjustments">
        {file.adjustments.map((entry) => (
          <li key={`${String(entry.at)}-${entry.reason}`} className="ks-staff__card">
            <strong>{entry.delta > 0 ? `+${String(entry.delta)}` : entry.delta}</strong> ·{' '}
            {entry.reason}
            <span className="ks-staff__muted">
              {' '}
              · {formatDateTime(entry.at)} · {entry.staffEmail}
            </span>
          </li>
        ))}
      </ul>

      <h2 className="ks-staff__title">{t('staff.customers.signIns')}</h2>
      {file.signIns.length === 0 ? <p>{t('staff.customers.noSignIns')}</p> : null}
      <ul className="ks-staff__rows" data-testid="staff-customer-sign-ins">
        {file.signIns.map((entry) => (
          <li key={entry.id}>
            <span>{formatDateTime(entry.at)}</span>
            <span className="ks-staff__code">{entry.ip}</span>
            <span className="ks-staff__muted">
              {entry.browser} · {entry.os} · {entry.device}
            </span>
            {entry.success ? null : (
              <span className="ks-staff__badge">{t('staff.customers.signInFailed')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One member for staff: standing, actions the role allows, orders, points, sign-ins. */
export function StaffCustomerRoute() {
  const { id = '' } = useParams();
  const memberId = Number(id);
  const file = useQuery({
    queryKey: customerKey(memberId),
    queryFn: () => staffCustomer(memberId),
    enabled: Number.isInteger(memberId) && memberId > 0,
  });
  return (
    <RequirePermission permission="members.read">
      {file.isError ? <FormAlert>{file.error.message}</FormAlert> : null}
      {file.data ? <CustomerPage file={file.data} /> : null}
    </RequirePermission>
  );
}

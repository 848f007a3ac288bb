import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, MailCheck, StickyNote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useParams } from 'react-router';

import type { DeliveryRecordDto, OrderDto, PaymentAttemptDto, StaffNoteDto } from '@/api/types';
import { FormAlert, TextareaField } from '@/components/ui/form-field';
import { useOrderMoney } from '@/hooks/use-order-money';
import { translateIfKnown } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { staffAddNote, staffCancelOrder, staffOrder, staffResendEmail } from '../api/staff';
import { OrderFacts } from '../components/order-facts';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const orderKey = (orderNo: string) => ['staff', 'order', orderNo] as const;

/** What the role may do to the order in its state: resend, cancel, decide its refund. */
function OrderActions({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKey(order.orderNo) });
  const resend = useMutation({
    mutationFn: () => staffResendEmail(order.orderNo),
    onSuccess: () => {
      notify.success(t('staff.orders.resent', { email: order.email }));
      return refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => staffCancelOrder(order.orderNo),
    onSuccess: () => {
      notify.success(t('staff.orders.cancelled', { orderNo: order.orderNo }));
      return refresh();
    },
  });
  const delivered = ['delivered', 'completed', 'refund_rejected'].includes(order.state);
  const mayResend = delivered && mayStaff(staff, 'orders.resend');
  const mayCancel = order.state === 'pending_payment' && mayStaff(staff, 'orders.manage');
  const mayDecide = order.state === 'refund_requested' && mayStaff(staff, 'refunds.decide');
  if (!mayResend && !mayCancel && !mayDecide) return null;
  return (
    <div className="ks-staff__actions ks-staff__card" data-testid="staff-order-actions">
      {mayResend ? (
        <button
          type="button"
          className="ks-button ks-button--secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="staff-order-resend"
        >
          <MailCheck size={18} aria-hidden />
          {t('staff.orders.resend')}
        </button>
      ) : null}
      {mayCancel ? (
        <button
          type="button"
          className="ks-button ks-button--secondary"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
          data-testid="staff-order-cancel"
        >
          <Ban size={18} aria-hidden />
          {t('staff.orders.cancel')}
        </button>
      ) : null}
      {mayDecide ? (
        <Link className="ks-button ks-button--primary" to={paths.staffRefunds}>
          {t('staff.refunds.title')}
        </Link>
      ) : null}
    </div>
  );
}

/** Every attempt to pay the order: its state, amount, the provider's events, its refund. */
function Payments({ attempts }: { attempts: PaymentAttemptDto[] }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const formatDateTime = useDateTime();
  return (
    <>
      <h2 className="ks-staff__title">{t('staff.orders.payments')}</h2>
      {attempts.length === 0 ? <p>{t('staff.orders.noPayments')}</p> : null}
      <ol className="ks-staff__list" data-testid="staff-order-payments">
        {attempts.map((attempt) => (
          <li key={attempt.sessionId} className="ks-staff__card" data-state={attempt.state}>
            <strong>{t(`staff.orders.paymentState.${attempt.state}`)}</strong> ·{' '}
            {t(`shop.method.${attempt.provider}`)} · {money(attempt.amount, attempt.currency)}
            {attempt.reason !== '' ? (
              <> · {translateIfKnown(`shop.pay.reason.${attempt.reason}`) ?? attempt.reason}</>
            ) : null}
            <ul className="ks-staff__rows ks-staff__muted">
              <li>{t('staff.orders.started', { when: formatDateTime(attempt.createdAt) })}</li>
              {attempt.events.map((event) => (
                <li key={`${event.outcome}-${String(event.at)}`}>
                  {t('staff.orders.event', {
                    when: formatDateTime(event.at),
                    outcome:
                      translateIfKnown(`staff.orders.outcome.${event.outcome}`) ?? event.outcome,
                  })}
                </li>
              ))}
              {attempt.paidAt ? (
                <li>{t('staff.orders.paidAt', { when: formatDateTime(attempt.paidAt) })}</li>
              ) : null}
              {attempt.refundedAt ? (
                <li>
                  {t('staff.orders.refundedAt', { when: formatDateTime(attempt.refundedAt) })}
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

/** How the key e-mail went: its state, attempts, when it was sent (again), the last error. */
function Delivery({ record }: { record: DeliveryRecordDto | null | undefined }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  return (
    <>
      <h2 className="ks-staff__title">{t('staff.orders.delivery')}</h2>
      {record ? (
        <div
          className="ks-staff__card"
          data-testid="staff-order-delivery"
          data-state={record.state}
        >
          <strong>
            {translateIfKnown(`staff.orders.deliveryState.${record.state}`) ?? record.state}
          </strong>{' '}
          · {t('staff.orders.attempts', { count: record.attempts })}
          <ul className="ks-staff__rows ks-staff__muted">
            {record.sentAt ? (
              <li>{t('staff.orders.sentAt', { when: formatDateTime(record.sentAt) })}</li>
            ) : null}
            {record.resentAt ? (
              <li>{t('staff.orders.resentAt', { when: formatDateTime(record.resentAt) })}</li>
            ) : null}
            {record.nextAttemptAt ? (
              <li>
                {t('staff.orders.nextAttempt', { when: formatDateTime(record.nextAttemptAt) })}
              </li>
            ) : null}
            {record.lastError !== '' ? (
              <li>{t('staff.orders.lastError', { error: record.lastError })}</li>
            ) : null}
          </ul>
        </div>
      ) : (
        <p>{t('staff.orders.notDelivered')}</p>
      )}
    </>
  );
}

/** Notes only staff see, and a form to add one for the roles that manage orders. */
function StaffNotes({ orderNo, notes }: { orderNo: string; notes: StaffNoteDto[] }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const staff = useStaffStore((state) => state.staff);
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => staffAddNote(orderNo, note),
    onSuccess: () => {
      setNote('');
      notify.success(t('staff.orders.noteAdded'));
      return queryClient.invalidateQueries({ queryKey: orderKey(orderNo) });
    },
  });
  const error =
    add.error instanceof ApiError ? (add.error.fieldErrors.note ?? add.error.msgKey) : undefined;
  return (
    <>
      <h2 className="ks-staff__title">{t('staff.orders.noteLabel')}</h2>
      <ul className="ks-staff__list" data-testid="staff-order-notes">
        {notes.map((entry) => (
          <li key={`${entry.staffEmail}-${String(entry.at)}`} className="ks-staff__card">
            <span className="ks-staff__muted">
              {formatDateTime(entry.at)} · {entry.staffEmail}
            </span>
            <p className="ks-staff__note">{entry.note}</p>
          </li>
        ))}
      </ul>
      {mayStaff(staff, 'orders.manage') ? (
        <form
          className="ks-staff__form ks-staff__audit"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextareaField
            label={t('staff.orders.addNote')}
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
            error={error}
            testId="staff-order-note"
          />
          <div className="ks-staff__actions">
            <button
              type="submit"
              className="ks-button ks-button--secondary"
              disabled={add.isPending}
              data-testid="staff-order-note-add"
            >
              <StickyNote size={18} aria-hidden />
              {t('staff.orders.addNote')}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const found = useQuery({
    queryKey: orderKey(orderNo),
    queryFn: () => staffOrder(orderNo),
    staleTime: 0,
  });
  if (found.isError) return <FormAlert>{found.error.message}</FormAlert>;
  if (!found.data) return null;
  const { order, reveals, notes, payments, delivery } = found.data;
  return (
    <section data-testid="staff-order-detail">
      <Link className="ks-text-link" to={paths.staffOrders}>
        {t('staff.orders.back')}
      </Link>
      <h1 className="ks-staff__title">{order.orderNo}</h1>
      <dl className="ks-staff__facts ks-staff__card">
        <OrderFacts order={order} />
      </dl>
      <OrderActions order={order} />
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
      <Payments attempts={payments} />
      <Delivery record={delivery} />
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
      <StaffNotes orderNo={order.orderNo} notes={notes} />
    </section>
  );
}

/**
 * One order as staff see it: facts, the actions its state and the role allow, products,
 * history, who opened its keys when, and staff notes.
 */
export function StaffOrderRoute() {
  const { orderNo = '' } = useParams();
  return (
    <RequirePermission permission="orders.read">
      <OrderDetail orderNo={orderNo} />
    </RequirePermission>
  );
}

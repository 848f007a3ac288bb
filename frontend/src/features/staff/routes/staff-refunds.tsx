import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { RefundRequestDto } from '@/api/types';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { notify } from '@/lib/toast';
import { useOrderMoney } from '@/hooks/use-order-money';

import { decideRefund, refundQueue } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const QUEUE_KEY = ['staff', 'refunds'] as const;

/** One request: its facts, and for a role that may decide, approve or decline with a note. */
function RefundCard({ request, mayDecide }: { request: RefundRequestDto; mayDecide: boolean }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideRefund(request.orderNo, { approve, note }),
    onSuccess: (_, approve) => {
      const key = approve ? 'staff.refunds.approved' : 'staff.refunds.declined';
      notify.success(t(key, { orderNo: request.orderNo }));
      return queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
  const decline = (): void => {
    if (note.trim() === '') {
      setNoteError('staff.refunds.noteRequired');
      return;
    }
    decide.mutate(false);
  };

  return (
    <li
      className={`ks-staff__card${request.overdue ? ' ks-staff__card--overdue' : ''}`}
      data-testid="staff-refund"
      data-order={request.orderNo}
    >
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.refunds.order')}</dt>
          <dd>{request.orderNo}</dd>
        </div>
        <div>
          <dt>{t('staff.refunds.buyer')}</dt>
          <dd>{request.email}</dd>
        </div>
        <div>
          <dt>{t('staff.refunds.amount')}</dt>
          <dd>{money(request.amount, request.currency)}</dd>
        </div>
        <div>
          <dt>{t('staff.refunds.requested')}</dt>
          <dd>{formatDateTime(request.requestedAt)}</dd>
        </div>
        <div>
          <dt>{t('staff.refunds.deadline')}</dt>
          <dd>
            {formatDateTime(request.deadline)}
            {request.overdue ? (
              <span className="ks-staff__badge" data-testid="staff-refund-overdue">
                {t('staff.refunds.overdue')}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('staff.refunds.reason')}</dt>
          <dd data-testid="staff-refund-reason">{request.reason}</dd>
        </div>
      </dl>
      {mayDecide ? (
        <div className="ks-staff__actions">
          <TextField
            label={t('staff.refunds.note')}
            value={note}
            maxLength={200}
            error={noteError}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(undefined);
            }}
            testId="staff-refund-note"
          />
          <button
            type="button"
            className="ks-button ks-button--primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate(true)}
            data-testid="staff-refund-approve"
          >
            <Check size={18} aria-hidden />
            {t('staff.refunds.approve')}
          </button>
          <button
            type="button"
            className="ks-button ks-button--secondary"
            disabled={decide.isPending}
            onClick={decline}
            data-testid="staff-refund-decline"
          >
            <X size={18} aria-hidden />
            {t('staff.refunds.decline')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function RefundQueue() {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const mayDecide = mayStaff(staff, 'refunds.decide');
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => refundQueue(1), staleTime: 0 });
  return (
    <section data-testid="staff-refunds">
      <h1 className="ks-staff__title">{t('staff.refunds.title')}</h1>
      <p className="ks-staff__intro">{t('staff.refunds.intro')}</p>
      {!mayDecide ? (
        <p className="ks-staff__intro" data-testid="staff-refunds-read-only">
          {t('staff.refunds.readOnly')}
        </p>
      ) : null}
      {queue.isError ? <FormAlert>{queue.error.message}</FormAlert> : null}
      {queue.data?.rows.length === 0 ? (
        <p className="ks-staff__card" data-testid="staff-refunds-empty">
          {t('staff.refunds.empty')}
        </p>
      ) : null}
      <ul className="ks-staff__list">
        {queue.data?.rows.map((request) => (
          <RefundCard key={request.orderNo} request={request} mayDecide={mayDecide} />
        ))}
      </ul>
    </section>
  );
}

/** The refund queue, oldest first, overdue requests marked. */
export function StaffRefundsRoute() {
  return (
    <RequirePermission permission="orders.read">
      <RefundQueue />
    </RequirePermission>
  );
}

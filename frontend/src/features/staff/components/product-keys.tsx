import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { StaffKeyDto } from '@/api/types';
import { errorText } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http/envelope';
import { translateIfKnown } from '@/lib/i18n/i18n';

import { productKeys, revealKey } from '../api/staff';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const PAGE_SIZE = 20;

/** A sold key shown in full for a reason (the owner's; recorded in both logs). */
function Reveal({ entry }: { entry: StaffKeyDto }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reveal = useMutation({ mutationFn: () => revealKey(entry.id, reason) });
  if (reveal.data) {
    return (
      <span>
        <code className="ks-staff__code" data-testid="staff-key-text">
          {reveal.data.text}
        </code>
        <span className="ks-staff__muted"> {t('staff.stock.revealed')}</span>
      </span>
    );
  }
  if (!asking) {
    return (
      <button
        type="button"
        className="ks-button ks-button--ghost ks-button--small"
        onClick={() => setAsking(true)}
        data-testid="staff-key-reveal"
      >
        <Eye size={16} aria-hidden />
        {t('staff.stock.reveal')}
      </button>
    );
  }
  const error =
    reveal.error instanceof ApiError
      ? errorText(reveal.error.fieldErrors.reason ?? reveal.error.msgKey)
      : null;
  return (
    <form
      className="ks-staff__inline"
      onSubmit={(event) => {
        event.preventDefault();
        reveal.mutate();
      }}
    >
      <input
        className="ks-input"
        aria-label={t('staff.stock.revealReason')}
        placeholder={t('staff.stock.revealReason')}
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="staff-key-reason"
      />
      <button
        type="submit"
        className="ks-button ks-button--secondary ks-button--small"
        disabled={reveal.isPending || reason.trim() === ''}
        data-testid="staff-key-reveal-confirm"
      >
        {t('staff.stock.revealConfirm')}
      </button>
      {error ? (
        <span className="ks-staff__muted" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** A product's keys, newest first, masked; the owner may show a sold one in full. */
export function ProductKeys({ sku }: { sku: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const staff = useStaffStore((state) => state.staff);
  const [page, setPage] = useState(1);
  const keys = useQuery({
    queryKey: ['staff', 'keys', sku, page],
    queryFn: () => productKeys(sku, page),
    placeholderData: keepPreviousData,
  });
  const mayReveal = mayStaff(staff, 'keys.reveal');
  if (keys.isError) return <p role="alert">{keys.error.message}</p>;
  if (!keys.data) return null;
  if (keys.data.total === 0) return <p className="ks-staff__muted">{t('staff.stock.noKeys')}</p>;
  return (
    <div data-testid="staff-keys">
      <table className="ks-staff__table">
        <caption className="ks-visually-hidden">{t('staff.stock.keysOf', { sku })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.stock.key')}</th>
            <th scope="col">{t('staff.stock.keyState')}</th>
            <th scope="col">{t('staff.stock.order')}</th>
            <th scope="col">{t('staff.stock.imported')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.data.rows.map((entry) => (
            <tr key={entry.id} data-testid="staff-key" data-status={entry.status}>
              <td>
                <code className="ks-staff__code">{entry.masked}</code>
                {mayReveal && entry.status === 'sold' ? <Reveal entry={entry} /> : null}
              </td>
              <td>{translateIfKnown(`staff.stock.keyStatus.${entry.status}`) ?? entry.status}</td>
              <td>
                {entry.orderNo ? (
                  <Link className="ks-text-link" to={`${paths.staffOrders}/${entry.orderNo}`}>
                    {entry.orderNo}
                  </Link>
                ) : null}
              </td>
              <td>{formatDateTime(entry.importedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {keys.data.total > PAGE_SIZE ? (
        <Pagination page={page} total={keys.data.total} limit={PAGE_SIZE} onPageChange={setPage} />
      ) : null}
    </div>
  );
}

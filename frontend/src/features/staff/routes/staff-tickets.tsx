import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { StaffTicketDto } from '@/api/types';
import { FormAlert, SelectField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';

import { staffTickets } from '../api/tickets';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

export const TICKETS_KEY = ['staff', 'tickets'] as const;
const PAGE_SIZE = 20;
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;

/** A ticket's status as a badge: waiting for staff stands out. */
export function TicketStatusBadge({ ticket }: { ticket: StaffTicketDto }) {
  const { t } = useTranslation();
  return (
    <span
      className={
        ticket.status === 'open' ? 'ks-staff__role' : 'ks-staff__badge ks-staff__badge--quiet'
      }
      data-testid="staff-ticket-status"
    >
      {t(`account.support.status.${ticket.status}`)}
    </span>
  );
}

function TicketRow({ ticket }: { ticket: StaffTicketDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  return (
    <li
      className={`ks-staff__card${ticket.status === 'closed' ? ' ks-staff__card--muted' : ''}`}
      data-testid="staff-ticket"
      data-status={ticket.status}
    >
      <p className="ks-staff__row-title">
        <Link
          className="ks-text-link"
          to={`${paths.staffTickets}/${String(ticket.id)}`}
          dir="auto"
          data-testid="staff-ticket-link"
        >
          {ticket.subject}
        </Link>{' '}
        <TicketStatusBadge ticket={ticket} />
      </p>
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.tickets.member')}</dt>
          <dd>{ticket.memberEmail}</dd>
        </div>
        {ticket.orderNo ? (
          <div>
            <dt>{t('staff.tickets.order')}</dt>
            <dd>{ticket.orderNo}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('staff.tickets.updated')}</dt>
          <dd>{formatDateTime(ticket.updatedAt)}</dd>
        </div>
      </dl>
    </li>
  );
}

function TicketsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('open');
  const [status, setStatus] = useState(draft);
  const [page, setPage] = useState(1);
  const tickets = useQuery({
    queryKey: [...TICKETS_KEY, status, page],
    queryFn: () => staffTickets(status, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-tickets">
      <h1 className="ks-staff__title">{t('staff.tickets.title')}</h1>
      <p className="ks-staff__intro">{t('staff.tickets.intro')}</p>
      <form
        className="ks-staff__filters ks-staff__audit"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setStatus(draft);
        }}
      >
        <SelectField
          label={t('staff.tickets.statusLabel')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          testId="staff-tickets-status"
        >
          <option value="">{t('staff.tickets.allStatuses')}</option>
          {TICKET_STATUSES.map((code) => (
            <option key={code} value={code}>
              {t(`account.support.status.${code}`)}
            </option>
          ))}
        </SelectField>
        <div className="ks-staff__actions">
          <button type="submit" className="ks-button ks-button--secondary">
            <Search size={18} aria-hidden />
            {t('staff.tickets.filter')}
          </button>
        </div>
      </form>
      {tickets.isError ? <FormAlert>{tickets.error.message}</FormAlert> : null}
      {tickets.data?.total === 0 ? (
        <p className="ks-staff__intro">{t('staff.tickets.empty')}</p>
      ) : null}
      <ul className="ks-staff__list ks-staff__after-action">
        {tickets.data?.rows.map((ticket) => (
          <TicketRow key={ticket.id} ticket={ticket} />
        ))}
      </ul>
      {tickets.data && tickets.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          total={tickets.data.total}
          limit={PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

/** Support tickets: what members asked, waiting ones first to the eye. */
export function StaffTicketsRoute() {
  return (
    <RequirePermission permission="tickets.answer">
      <TicketsPage />
    </RequirePermission>
  );
}

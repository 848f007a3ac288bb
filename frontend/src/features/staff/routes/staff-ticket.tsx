import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useParams } from 'react-router';

import type { StaffTicketThreadDto } from '@/api/types';
import { errorText, FormAlert, TextareaField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { closeTicket, replyTicket, staffTicket } from '../api/tickets';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';
import { TICKETS_KEY, TicketStatusBadge } from './staff-tickets';

function failure(error: Error): string {
  return error instanceof ApiError ? errorText(error.msgKey) : error.message;
}

/** The reply box and the close button of a ticket still open to messages. */
function TicketActions({ thread }: { thread: StaffTicketThreadDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = thread.ticket.id;
  const done = (next: StaffTicketThreadDto) => {
    queryClient.setQueryData([...TICKETS_KEY, 'one', id], next);
    void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
  };
  const send = useMutation({
    mutationFn: () => replyTicket(id, reply),
    onSuccess: (next) => {
      notify.success(t('staff.tickets.sent'));
      setReply('');
      setError(null);
      done(next);
    },
    onError: (failed) => {
      const field = failed instanceof ApiError ? failed.fieldErrors.body : undefined;
      setError(field ? errorText(field) : failure(failed));
    },
  });
  const close = useMutation({
    mutationFn: () => closeTicket(id),
    onSuccess: (next) => {
      notify.success(t('staff.tickets.closedNow'));
      setError(null);
      done(next);
    },
    onError: (failed) => setError(failure(failed)),
  });
  return (
    <form
      className="ks-staff__section"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <TextareaField
        label={t('staff.tickets.reply')}
        hint={t('staff.tickets.replyHint', { email: thread.ticket.memberEmail })}
        rows={5}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        testId="staff-ticket-reply"
      />
      <FormAlert>{error}</FormAlert>
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={send.isPending}
          data-testid="staff-ticket-send"
        >
          <Send size={18} aria-hidden className="ks-staff__flip" />
          {t('staff.tickets.send')}
        </button>
        <button
          type="button"
          className="ks-button ks-button--ghost"
          disabled={close.isPending}
          onClick={() => close.mutate()}
          data-testid="staff-ticket-close"
        >
          <Archive size={18} aria-hidden />
          {t('staff.tickets.close')}
        </button>
      </div>
    </form>
  );
}

function TicketPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const staff = useStaffStore((state) => state.staff);
  const found = useQuery({
    queryKey: [...TICKETS_KEY, 'one', id],
    queryFn: () => staffTicket(id),
    staleTime: 0,
  });
  if (found.isError) return <FormAlert>{found.error.message}</FormAlert>;
  if (!found.data) return null;
  const { ticket, messages } = found.data;
  return (
    <section data-testid="staff-ticket-detail">
      <Link className="ks-text-link" to={paths.staffTickets}>
        {t('staff.tickets.back')}
      </Link>
      <h1 className="ks-staff__title" dir="auto">
        {ticket.subject} <TicketStatusBadge ticket={ticket} />
      </h1>
      <dl className="ks-staff__facts ks-staff__card">
        <div>
          <dt>{t('staff.tickets.member')}</dt>
          <dd data-testid="staff-ticket-member">
            {mayStaff(staff, 'members.read') ? (
              <Link
                className="ks-text-link"
                to={`${paths.staffCustomers}/${String(ticket.memberId)}`}
              >
                {ticket.memberEmail}
              </Link>
            ) : (
              ticket.memberEmail
            )}
          </dd>
        </div>
        {ticket.orderNo ? (
          <div>
            <dt>{t('staff.tickets.order')}</dt>
            <dd>
              {mayStaff(staff, 'orders.read') ? (
                <Link className="ks-text-link" to={`${paths.staffOrders}/${ticket.orderNo}`}>
                  {ticket.orderNo}
                </Link>
              ) : (
                ticket.orderNo
              )}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('staff.tickets.opened')}</dt>
          <dd>{formatDateTime(ticket.createdAt)}</dd>
        </div>
      </dl>
      <ol className="ks-staff__list" data-testid="staff-ticket-messages">
        {messages.map((message) => (
          <li
            key={message.id}
            className={`ks-staff__card${message.author === 'staff' ? ' ks-staff__reply' : ''}`}
            data-testid="staff-ticket-message"
            data-author={message.author}
          >
            <p className="ks-staff__muted">
              {t(
                message.author === 'staff' ? 'staff.tickets.fromStaff' : 'staff.tickets.fromMember',
              )}{' '}
              · {formatDateTime(message.createdAt)}
            </p>
            <p className="ks-staff__pre" dir="auto">
              {message.body}
            </p>
          </li>
        ))}
      </ol>
      {ticket.status === 'closed' ? (
        <p className="ks-staff__intro" data-testid="staff-ticket-closed">
          {t('staff.tickets.closedNote')}
        </p>
      ) : (
        <TicketActions thread={found.data} />
      )}
    </section>
  );
}

/** One ticket: its member and order, the messages, a reply e-mailed to the member, closing it. */
export function StaffTicketRoute() {
  const { id = '' } = useParams();
  return (
    <RequirePermission permission="tickets.answer">
      <TicketPage id={Number(id)} />
    </RequirePermission>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LifeBuoy, Lock, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import type { OpenTicketBody, TicketStatus } from '@/api/types';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert, TextareaField, TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { submitError } from '@/lib/forms/submit-errors';
import { optionalText, requiredText } from '@/lib/forms/member-rules';
import type { TranslationKey } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';

import {
  accountKeys,
  closeTicket,
  openTicket,
  replyTicket,
  useTicket,
  useTickets,
} from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { useFormatDateTime } from '../lib/format';

/** The label of each ticket state: a state the API adds is a type error here until labelled. */
const STATUS_KEYS: Readonly<Record<TicketStatus, TranslationKey>> = {
  open: 'account.support.status.open',
  answered: 'account.support.status.answered',
  closed: 'account.support.status.closed',
};

const openSchema = z.object({
  subject: requiredText(120),
  message: requiredText(5000),
  orderNo: optionalText(40),
});
const replySchema = z.object({ body: requiredText(5000) });
type ReplyValues = z.infer<typeof replySchema>;
type OpenValues = Required<OpenTicketBody>;

const STATUS_TONES: Readonly<Record<TicketStatus, string>> = {
  open: ' ks-tag--accent',
  answered: ' ks-tag--success',
  closed: '',
};

function StatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <span className={`ks-tag${STATUS_TONES[status]}`}>{t(STATUS_KEYS[status])}</span>;
}

function OpenTicketForm({
  onOpened,
  onCancel,
}: {
  onOpened: (id: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OpenValues>({
    resolver: zodResolver(openSchema),
    defaultValues: { subject: '', message: '', orderNo: '' },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: OpenValues): Promise<void> => {
    setFormError(null);
    try {
      const { id } = await openTicket(values);
      notify.success(t('api.ticket.opened'));
      onOpened(id);
    } catch (error) {
      setFormError(submitError(error, form.setError, ['subject', 'message', 'orderNo']));
    }
  };
  return (
    <form
      className="ks-panel"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="ticket-form"
    >
      <h2 className="ks-panel__title">{t('account.support.new')}</h2>
      <div className="ks-form-grid">
        <TextField
          label={t('account.support.subject')}
          error={errors.subject?.message}
          testId="ticket-subject"
          {...form.register('subject')}
        />
        <TextField
          label={t('account.support.orderNo')}
          optional
          error={errors.orderNo?.message}
          testId="ticket-order"
          {...form.register('orderNo')}
        />
        <TextareaField
          className="ks-form-grid__wide"
          label={t('account.support.message')}
          rows={5}
          error={errors.message?.message}
          testId="ticket-message"
          {...form.register('message')}
        />
      </div>
      <FormAlert testId="ticket-error">{formError}</FormAlert>
      <div className="ks-form-actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={isSubmitting}
          data-testid="ticket-submit"
        >
          <Send aria-hidden="true" size={18} />
          {t('account.support.send')}
        </button>
        <button type="button" className="ks-button ks-button--ghost" onClick={onCancel}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

function TicketThread({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const thread = useTicket(id);
  const dateTime = useFormatDateTime();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { body: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.all });
  const onValid = async (values: ReplyValues): Promise<void> => {
    setFormError(null);
    try {
      await replyTicket(id, values.body);
      notify.success(t('api.ticket.replied'));
      form.reset({ body: '' });
      await refresh();
    } catch (error) {
      setFormError(submitError(error, form.setError, ['body']));
    }
  };
  const close = async (): Promise<void> => {
    await closeTicket(id).catch(() => null);
    await refresh();
  };
  const ticket = thread.data?.ticket;
  return (
    <div data-testid="ticket-thread">
      <button
        type="button"
        className="ks-button ks-button--ghost ks-button--small"
        onClick={onBack}
      >
        <ArrowLeft aria-hidden="true" size={16} className="ks-flip-rtl" />
        {t('account.support.back')}
      </button>
      {ticket ? (
        <div className="ks-panel">
          <AccountHeading title={ticket.subject}>
            <StatusTag status={ticket.status} />
          </AccountHeading>
          {ticket.orderNo ? (
            <p className="ks-thread__meta">
              {t('account.support.orderRef', { orderNo: ticket.orderNo })}
            </p>
          ) : null}
          <ol className="ks-thread">
            {(thread.data?.messages ?? []).map((message) => (
              <li
                key={message.id}
                className="ks-thread__message"
                data-author={message.author}
                data-testid="ticket-message-item"
              >
                <span className="ks-thread__meta">
                  {message.author === 'staff'
                    ? t('account.support.staff')
                    : t('account.support.you')}{' '}
                  · {dateTime(message.createdAt)}
                </span>
                {message.body}
              </li>
            ))}
          </ol>
          {ticket.status === 'closed' ? (
            <FormAlert tone="info">{t('api.ticket.closed')}</FormAlert>
          ) : (
            <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
              <TextareaField
                label={t('account.support.reply')}
                rows={4}
                error={errors.body?.message}
                testId="ticket-reply"
                {...form.register('body')}
              />
              <FormAlert testId="reply-error">{formError}</FormAlert>
              <div className="ks-form-actions">
                <button
                  type="submit"
                  className="ks-button ks-button--primary"
                  disabled={isSubmitting}
                  data-testid="ticket-reply-send"
                >
                  <Send aria-hidden="true" size={18} />
                  {t('account.support.send')}
                </button>
                <button
                  type="button"
                  className="ks-button ks-button--ghost"
                  onClick={() => void close()}
                  data-testid="ticket-close"
                >
                  <Lock aria-hidden="true" size={16} />
                  {t('account.support.close')}
                </button>
              </div>
            </form>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Support tickets: the list, a new ticket, and one ticket's thread with staff (`?id=`). */
export function MySupportRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const tickets = useTickets(page);
  const dateTime = useFormatDateTime();
  const openId = Number(params.get('id'));
  if (Number.isInteger(openId) && openId > 0) {
    return (
      <section data-testid="my-support">
        <TicketThread id={openId} onBack={() => setParams({})} />
      </section>
    );
  }
  const rows = tickets.data?.rows ?? [];
  return (
    <section data-testid="my-support">
      <AccountHeading title={t('account.nav.support')}>
        {creating ? null : (
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => setCreating(true)}
            data-testid="ticket-new"
          >
            <Plus aria-hidden="true" size={18} />
            {t('account.support.new')}
          </button>
        )}
      </AccountHeading>
      {creating ? (
        <OpenTicketForm
          onCancel={() => setCreating(false)}
          onOpened={(id) => {
            setCreating(false);
            void client.invalidateQueries({ queryKey: accountKeys.all });
            setParams({ id: String(id) });
          }}
        />
      ) : null}
      {tickets.isSuccess && rows.length === 0 && !creating ? (
        <EmptyState
          icon={LifeBuoy}
          title={t('account.support.empty')}
          text={t('account.support.emptyText')}
          testId="ticket-empty"
        />
      ) : (
        <ul className="ks-card-list">
          {rows.map((ticket) => (
            <li key={ticket.id} className="ks-list-card" data-testid="ticket-row">
              <div>
                <h2 className="ks-list-card__title">
                  <button
                    type="button"
                    className="ks-link-button"
                    onClick={() => setParams({ id: String(ticket.id) })}
                  >
                    {ticket.subject}
                  </button>
                </h2>
                <p className="ks-thread__meta">{dateTime(ticket.updatedAt)}</p>
              </div>
              <StatusTag status={ticket.status} />
            </li>
          ))}
        </ul>
      )}
      {tickets.data && tickets.data.total > tickets.data.limit ? (
        <Pagination
          page={page}
          total={tickets.data.total}
          limit={tickets.data.limit}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

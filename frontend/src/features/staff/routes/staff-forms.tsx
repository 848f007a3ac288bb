import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Inbox, Search, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import type { FormSubmissionDto } from '@/api/types';
import { FormAlert, SelectField, TextareaField, errorText } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { isLanguageCode, LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { replyForm, setFormStatus, staffForms } from '../api/content';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

const FORMS_KEY = ['staff', 'forms'] as const;
const PAGE_SIZE = 20;
const KINDS = ['sale', 'wholesale', 'affiliate', 'feedback'] as const;
const STATUSES = ['new', 'replied', 'closed'] as const;
const FIELD_LABELS = [
  'name',
  'contactName',
  'company',
  'region',
  'website',
  'audience',
  'products',
  'quantities',
  'description',
  'message',
] as const;

function failure(error: Error): string {
  return error instanceof ApiError ? errorText(error.msgKey) : error.message;
}

function languageName(code: string): string {
  return isLanguageCode(code) ? LANGUAGES[code].nativeName : code;
}

/** One form: its fields as sent, the replies, a reply box and close / open again. */
function FormCard({ form }: { form: FormSubmissionDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FORMS_KEY });
  const send = useMutation({
    mutationFn: () => replyForm(form.id, form.version, reply),
    onSuccess: async () => {
      notify.success(t('staff.forms.sent'));
      setReply('');
      setError(null);
      await refresh();
    },
    onError: (failed) => {
      const field = failed instanceof ApiError ? failed.fieldErrors.body : undefined;
      setError(field ? errorText(field) : failure(failed));
    },
  });
  const move = useMutation({
    mutationFn: (status: 'new' | 'closed') => setFormStatus(form.id, form.version, status),
    onSuccess: async () => {
      notify.success(t('staff.forms.statusChanged'));
      await refresh();
    },
    onError: (failed) => setError(failure(failed)),
  });
  const known = (name: string): name is (typeof FIELD_LABELS)[number] =>
    FIELD_LABELS.some((label) => label === name);
  return (
    <li
      className={`ks-staff__card${form.status === 'closed' ? ' ks-staff__card--muted' : ''}`}
      data-testid="staff-form"
      data-status={form.status}
    >
      <p className="ks-staff__row-title">
        {t(`staff.forms.kind.${form.kind as (typeof KINDS)[number]}`)}{' '}
        <span
          className={
            form.status === 'new' ? 'ks-staff__role' : 'ks-staff__badge ks-staff__badge--quiet'
          }
          data-testid="staff-form-status"
        >
          {t(`staff.forms.status.${form.status as (typeof STATUSES)[number]}`)}
        </span>
      </p>
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.forms.from')}</dt>
          <dd>{form.email}</dd>
        </div>
        <div>
          <dt>{t('staff.forms.received')}</dt>
          <dd>{formatDateTime(form.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('staff.forms.language')}</dt>
          <dd>{languageName(form.language)}</dd>
        </div>
      </dl>
      <dl className="ks-staff__form-fields" data-testid="staff-form-fields">
        {Object.entries(form.fields).map(([name, value]) => (
          <div key={name}>
            <dt>{known(name) ? t(`staff.forms.field.${name}`) : name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {form.replies.length > 0 ? (
        <div className="ks-staff__section">
          <p className="ks-staff__subtitle">{t('staff.forms.replies')}</p>
          <ul className="ks-staff__list">
            {form.replies.map((sent) => (
              <li key={sent.createdAt} className="ks-staff__reply" data-testid="staff-form-reply">
                <p className="ks-staff__muted">
                  {t('staff.forms.repliedBy', {
                    email: sent.staffEmail,
                    when: formatDateTime(sent.createdAt),
                  })}
                </p>
                <p className="ks-staff__pre">{sent.body}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        className="ks-staff__section"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <TextareaField
          label={t('staff.forms.reply')}
          hint={t('staff.forms.replyHint', { email: form.email })}
          rows={4}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
          testId="staff-form-reply-text"
        />
        <FormAlert>{error}</FormAlert>
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={send.isPending}
            data-testid="staff-form-send"
          >
            <Send size={18} aria-hidden className="ks-staff__flip" />
            {t('staff.forms.send')}
          </button>
          {form.status === 'closed' ? (
            <button
              type="button"
              className="ks-button ks-button--ghost"
              disabled={move.isPending}
              onClick={() => move.mutate('new')}
              data-testid="staff-form-reopen"
            >
              <Inbox size={18} aria-hidden />
              {t('staff.forms.reopen')}
            </button>
          ) : (
            <button
              type="button"
              className="ks-button ks-button--ghost"
              disabled={move.isPending}
              onClick={() => move.mutate('closed')}
              data-testid="staff-form-close"
            >
              <Archive size={18} aria-hidden />
              {t('staff.forms.close')}
            </button>
          )}
        </div>
      </form>
    </li>
  );
}

function FormsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState({ kind: '', status: params.get('id') ? '' : 'new' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const forms = useQuery({
    queryKey: [...FORMS_KEY, filters, page],
    queryFn: () => staffForms(filters.kind, filters.status, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-forms">
      <h1 className="ks-staff__title">{t('staff.forms.title')}</h1>
      <p className="ks-staff__intro">{t('staff.forms.intro')}</p>
      <form
        className="ks-staff__filters ks-staff__audit"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <SelectField
          label={t('staff.forms.kindLabel')}
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
          testId="staff-forms-kind"
        >
          <option value="">{t('staff.forms.allKinds')}</option>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`staff.forms.kind.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('staff.forms.statusLabel')}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          testId="staff-forms-status"
        >
          <option value="">{t('staff.forms.allStatuses')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`staff.forms.status.${status}`)}
            </option>
          ))}
        </SelectField>
        <div className="ks-staff__actions">
          <button type="submit" className="ks-button ks-button--secondary">
            <Search size={18} aria-hidden />
            {t('staff.forms.filter')}
          </button>
        </div>
      </form>
      {forms.isError ? <FormAlert>{forms.error.message}</FormAlert> : null}
      {forms.data?.total === 0 ? <p className="ks-staff__intro">{t('staff.forms.empty')}</p> : null}
      <ul className="ks-staff__list ks-staff__after-action">
        {forms.data?.rows.map((form) => (
          <FormCard key={`${String(form.id)}.${String(form.version)}`} form={form} />
        ))}
      </ul>
      {forms.data && forms.data.total > PAGE_SIZE ? (
        <Pagination page={page} total={forms.data.total} limit={PAGE_SIZE} onPageChange={setPage} />
      ) : null}
    </section>
  );
}

/** The forms inbox: what shoppers sent through the sale, wholesale, affiliate and feedback forms. */
export function StaffFormsRoute() {
  return (
    <RequirePermission permission="forms.answer">
      <FormsPage />
    </RequirePermission>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { CannedReplyDto } from '@/api/types';
import {
  errorText,
  FormAlert,
  SelectField,
  TextareaField,
  TextField,
} from '@/components/ui/form-field';
import { ApiError } from '@/lib/http/envelope';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, LANGUAGES } from '@/lib/i18n/languages';
import { notify } from '@/lib/toast';

import { cannedReplies, deleteCannedReply, saveCannedReply } from '../api/chat';

const repliesKey = ['staff', 'chat', 'replies'] as const;

export function useCannedReplies() {
  return useQuery({ queryKey: repliesKey, queryFn: cannedReplies, staleTime: 30_000 });
}

/**
 * The canned replies a `/shortcut` typed in the reply box matches, in the conversation's
 * language (else the store's default language).
 */
export function matchingReplies(
  replies: CannedReplyDto[],
  text: string,
  language: string,
): CannedReplyDto[] {
  if (!text.startsWith('/') || /\s/.test(text)) return [];
  const typed = text.slice(1).toLowerCase();
  const inLanguage = replies.filter((reply) => reply.language === language);
  const pool =
    inLanguage.length > 0
      ? inLanguage
      : replies.filter((reply) => reply.language === DEFAULT_LANGUAGE);
  return pool.filter((reply) => reply.shortcut.startsWith(typed)).slice(0, 6);
}

/** The suggestions under the reply box: a click (or Tab in the box) puts the reply in. */
export function CannedSuggestions({
  matches,
  onPick,
}: {
  matches: CannedReplyDto[];
  onPick: (reply: CannedReplyDto) => void;
}) {
  const { t } = useTranslation();
  if (matches.length === 0) return null;
  return (
    <ul
      className="ks-staff-chat__canned"
      aria-label={t('staff.chat.canned.title')}
      data-testid="staff-chat-canned"
    >
      {matches.map((reply) => (
        <li key={reply.id}>
          <button
            type="button"
            className="ks-staff-chat__canned-item"
            onClick={() => onPick(reply)}
            data-testid="staff-chat-canned-item"
          >
            <strong>/{reply.shortcut}</strong>{' '}
            <span className="ks-staff__muted" dir="auto">
              {reply.body}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface Draft {
  id: number;
  language: string;
  shortcut: string;
  body: string;
}

const EMPTY: Draft = { id: 0, language: DEFAULT_LANGUAGE, shortcut: '', body: '' };

/** Adds or changes a canned reply; the server's field errors are shown by their fields. */
function ReplyForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(draft);
  const save = useMutation({
    mutationFn: () =>
      saveCannedReply(form.id, {
        language: form.language,
        shortcut: form.shortcut,
        body: form.body,
      }),
    onSuccess: async () => {
      notify.success(t('staff.chat.canned.saved'));
      await queryClient.invalidateQueries({ queryKey: repliesKey });
      onDone();
    },
  });
  const failure = save.error instanceof ApiError ? save.error : null;
  const fields: Record<string, string | undefined> = failure?.fieldErrors ?? {};
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  return (
    <form
      className="ks-staff__card ks-staff__form"
      onSubmit={submit}
      noValidate
      data-testid="staff-canned-form"
    >
      {failure && failure.msgKey !== 'api.error.validation' ? (
        <FormAlert>{errorText(failure.msgKey)}</FormAlert>
      ) : null}
      <SelectField
        label={t('staff.chat.language')}
        value={form.language}
        onChange={set('language')}
        error={fields.language}
        testId="staff-canned-language"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGES[code].nativeName}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('staff.chat.canned.shortcut')}
        value={form.shortcut}
        onChange={set('shortcut')}
        error={fields.shortcut}
        testId="staff-canned-shortcut"
      />
      <TextareaField
        label={t('staff.chat.canned.body')}
        value={form.body}
        onChange={set('body')}
        error={fields.body}
        rows={4}
        testId="staff-canned-body"
      />
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={save.isPending}
          data-testid="staff-canned-save"
        >
          {t('staff.chat.canned.save')}
        </button>
        <button type="button" className="ks-button ks-button--ghost" onClick={onDone}>
          {t('staff.chat.canned.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Every canned reply by language: add, change, delete (each change is audited). */
export function CannedRepliesEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const replies = useCannedReplies();
  const [editing, setEditing] = useState<Draft | null>(null);
  const remove = useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repliesKey }),
  });
  return (
    <section data-testid="staff-canned">
      <p className="ks-staff__intro">{t('staff.chat.canned.intro')}</p>
      {editing ? (
        <ReplyForm key={editing.id} draft={editing} onDone={() => setEditing(null)} />
      ) : (
        <button
          type="button"
          className="ks-button ks-button--primary"
          onClick={() => setEditing(EMPTY)}
          data-testid="staff-canned-add"
        >
          <Plus size={18} aria-hidden />
          {t('staff.chat.canned.add')}
        </button>
      )}
      {replies.data?.length === 0 ? (
        <p className="ks-staff__muted">{t('staff.chat.canned.none')}</p>
      ) : null}
      <ul className="ks-staff__rows">
        {replies.data?.map((reply) => (
          <li key={reply.id} className="ks-staff-chat__canned-row" data-testid="staff-canned-row">
            <div>
              <strong>/{reply.shortcut}</strong>{' '}
              <span className="ks-staff__badge">
                {isLanguageCode(reply.language)
                  ? LANGUAGES[reply.language].nativeName
                  : reply.language}
              </span>
              <p className="ks-staff__muted" dir="auto">
                {reply.body}
              </p>
            </div>
            <div className="ks-staff__actions">
              <button
                type="button"
                className="ks-icon-button"
                aria-label={t('staff.chat.canned.edit')}
                onClick={() => setEditing({ ...reply })}
              >
                <Pencil size={18} aria-hidden />
              </button>
              <button
                type="button"
                className="ks-icon-button"
                aria-label={t('staff.chat.canned.delete')}
                onClick={() => remove.mutate(reply.id)}
              >
                <Trash2 size={18} aria-hidden />
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

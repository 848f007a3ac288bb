import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import {
  CheckboxField,
  FormAlert,
  TextField,
  TextareaField,
  errorText,
} from '@/components/ui/form-field';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { sendNotice } from '../api/staff';
import { LanguageTabs } from '../components/language-tabs';
import { RequirePermission } from '../components/staff-layout';

interface NoticeTexts {
  title: string;
  content: string;
}

const emptyTexts = (): Record<Language, NoticeTexts> =>
  Object.fromEntries(LanguageValues.map((code) => [code, { title: '', content: '' }])) as Record<
    Language,
    NoticeTexts
  >;

/** The languages other than English, in the order they are sent (`texts[i]` in errors). */
const OTHERS = LanguageValues.filter((code) => code !== 'en-US');

/** Where the form shows a server field error: `texts[2].title` is the third other language's. */
export function noticeFieldOf(field: string): string {
  const match = /^texts\[(\d+)\]\.(\w+)$/.exec(field);
  const language = match ? OTHERS[Number(match[1])] : undefined;
  return language && match ? `${language}.${match[2] ?? ''}` : `en-US.${field}`;
}

function NoticesPage() {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(emptyTexts);
  const [language, setLanguage] = useState<Language>('en-US');
  const [oneMember, setOneMember] = useState(false);
  const [memberId, setMemberId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      sendNotice({
        memberId: oneMember ? Number(memberId) : null,
        title: texts['en-US'].title,
        content: texts['en-US'].content,
        texts: OTHERS.map((code) => ({ language: code, ...texts[code] })),
      }),
    onSuccess: () => {
      notify.success(t('staff.notices.sent'));
      setTexts(emptyTexts());
      setErrors({});
      setFormError(null);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, key]) =>
              field === 'memberId' ? [field, key] : [noticeFieldOf(field), key],
            ),
          ),
        );
      } else {
        setFormError(error instanceof ApiError ? errorText(error.msgKey) : error.message);
      }
    },
  });
  const info = LANGUAGES[language];
  const current = texts[language];
  const set =
    (name: keyof NoticeTexts) =>
    (event: { target: { value: string } }): void =>
      setTexts((previous) => ({
        ...previous,
        [language]: { ...previous[language], [name]: event.target.value },
      }));
  return (
    <section data-testid="staff-notices">
      <h1 className="ks-staff__title">{t('staff.notices.title')}</h1>
      <p className="ks-staff__intro">{t('staff.notices.intro')}</p>
      <form
        className="ks-staff__card ks-staff__section"
        onSubmit={(event) => {
          event.preventDefault();
          if (oneMember && !/^\d+$/.test(memberId.trim())) {
            setErrors({ memberId: 'api.field.notANumber' });
            return;
          }
          send.mutate();
        }}
      >
        <CheckboxField
          label={t('staff.notices.oneMember')}
          checked={oneMember}
          onChange={(event) => setOneMember(event.target.checked)}
          testId="staff-notice-one"
        />
        {oneMember ? (
          <TextField
            label={t('staff.notices.memberId')}
            hint={t('staff.notices.memberHint')}
            inputMode="numeric"
            value={memberId}
            onChange={(event) => setMemberId(event.target.value)}
            error={errors.memberId}
            testId="staff-notice-member"
          />
        ) : (
          <p className="ks-staff__muted">{t('staff.notices.everyone')}</p>
        )}
        <LanguageTabs
          selected={language}
          onSelect={setLanguage}
          written={(code) => texts[code].title.trim() !== ''}
          errors={errors}
          testIdPrefix="staff-notice-lang"
        />
        <div className="ks-staff__tab-panel" role="tabpanel" lang={info.htmlLang} dir={info.dir}>
          <TextField
            label={`${t('staff.notices.titleField')} · ${info.nativeName}`}
            value={current.title}
            onChange={set('title')}
            error={errors[`${language}.title`]}
            testId="staff-notice-title"
          />
          <TextareaField
            label={t('staff.notices.content')}
            rows={5}
            value={current.content}
            onChange={set('content')}
            error={errors[`${language}.content`]}
            testId="staff-notice-content"
          />
        </div>
        <FormAlert>{formError}</FormAlert>
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={send.isPending}
            data-testid="staff-notice-send"
          >
            <Send size={18} aria-hidden className="ks-staff__flip" />
            {t('staff.notices.send')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Notices to members: to everyone or to one, in every language written. */
export function StaffNoticesRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NoticesPage />
    </RequirePermission>
  );
}

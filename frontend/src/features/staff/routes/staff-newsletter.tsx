import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate } from 'react-router';

import type { Language, NewsletterDto } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import { FormAlert, TextField, errorText } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { saveNewsletter, sendNewsletter, staffNewsletter, staffNewsletters } from '../api/content';
import { LanguageTabs } from '../components/language-tabs';
import { MarkdownField } from '../components/markdown-field';
import { RequirePermission } from '../components/staff-layout';
import { useEdited } from '../lib/use-edited';
import { NEWSLETTERS_KEY, IssueProgress, IssueStatusBadge } from './staff-newsletters';

interface IssueTexts {
  subject: string;
  body: string;
}

type Texts = Record<Language, IssueTexts>;

function textsOf(issue: NewsletterDto | null): Texts {
  const texts = Object.fromEntries(
    LanguageValues.map((code) => [code, { subject: '', body: '' }]),
  ) as Texts;
  for (const text of issue?.texts ?? []) {
    texts[text.language as Language] = { subject: text.subject, body: text.body };
  }
  return texts;
}

/** The languages sent, in order: English, then every other one with something written. */
function sentLanguages(texts: Texts): Language[] {
  return [
    'en-US',
    ...LanguageValues.filter(
      (code) =>
        code !== 'en-US' && (texts[code].subject.trim() !== '' || texts[code].body.trim() !== ''),
    ),
  ];
}

function failure(error: Error): string {
  return error instanceof ApiError ? errorText(error.msgKey) : error.message;
}

/** An issue that went out: what was sent, read-only, and how far it went. */
function SentIssue({ issue }: { issue: NewsletterDto }) {
  const { t } = useTranslation();
  return (
    <div className="ks-staff__card ks-staff__section">
      <IssueProgress issue={issue} />
      {issue.texts.map((text) => {
        const info = LANGUAGES[text.language as Language];
        return (
          <article
            key={text.language}
            className="ks-staff__section"
            lang={info.htmlLang}
            dir={info.dir}
          >
            <h2 className="ks-staff__subtitle">
              {info.nativeName} · {text.subject}
            </h2>
            <p className="ks-staff__muted">{t('staff.newsletters.sentAs')}</p>
            <pre className="ks-staff__source">{text.body}</pre>
          </article>
        );
      })}
    </div>
  );
}

function NewsletterEditor({
  issue,
  onCreated,
}: {
  issue: NewsletterDto | null;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<NewsletterDto | null>(issue);
  const [texts, setTexts] = useState<Texts>(() => textsOf(issue));
  const [language, setLanguage] = useState<Language>('en-US');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const audience = useQuery({
    queryKey: [...NEWSLETTERS_KEY, 1],
    queryFn: () => staffNewsletters(1),
  });
  const live = useQuery({
    queryKey: [...NEWSLETTERS_KEY, 'one', current?.id],
    queryFn: () => staffNewsletter(current?.id ?? 0),
    enabled: current !== null && current.status !== 'draft',
    initialData: current ?? undefined,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1000 : false),
  });

  const saved = (next: NewsletterDto): Promise<void> => {
    setCurrent(next);
    queryClient.setQueryData([...NEWSLETTERS_KEY, 'one', next.id], next);
    return queryClient.invalidateQueries({ queryKey: NEWSLETTERS_KEY, exact: false });
  };
  const showErrors = (error: Error): void => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      const order = sentLanguages(texts);
      setErrors(
        Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, key]) => {
            const match = /^texts\[(\d+)\]\.(\w+)$/.exec(field);
            const code = match ? order[Number(match[1])] : undefined;
            return [code && match ? `${code}.${match[2] ?? ''}` : 'en-US.subject', key];
          }),
        ),
      );
      setFormError(errorText('api.error.validation'));
    } else {
      setFormError(failure(error));
    }
  };
  const save = useMutation({
    mutationFn: () =>
      saveNewsletter(
        {
          version: current?.version ?? 0,
          texts: sentLanguages(texts).map((code) => ({ language: code, ...texts[code] })),
        },
        current?.id,
      ),
    onSuccess: async (next) => {
      notify.success(t('staff.newsletters.saved'));
      setErrors({});
      setFormError(null);
      const created = current === null;
      await saved(next);
      if (created) {
        onCreated?.(next.id);
        void navigate(`${paths.staffNewsletters}/${String(next.id)}`, { replace: true });
      }
    },
    onError: showErrors,
  });
  const send = useMutation({
    mutationFn: () => {
      if (current === null) throw new Error('no issue');
      return sendNewsletter(current.id, current.version);
    },
    onSuccess: async (next) => {
      setConfirming(false);
      notify.success(t('staff.newsletters.sending'));
      await saved(next);
    },
    onError: (error) => {
      setConfirming(false);
      setFormError(failure(error));
    },
  });

  const shown = live.data ?? current;
  const info = LANGUAGES[language];
  const written = (code: Language): boolean => texts[code].subject.trim() !== '';
  const dirty =
    current === null ||
    JSON.stringify(sentLanguages(texts).map((code) => ({ language: code, ...texts[code] }))) !==
      JSON.stringify(current.texts);

  return (
    <section data-testid="staff-newsletter-editor">
      <p>
        <Link to={paths.staffNewsletters} className="ks-staff__back">
          <ArrowLeft size={16} aria-hidden className="ks-staff__flip" />
          {t('staff.newsletters.back')}
        </Link>
      </p>
      <h1 className="ks-staff__title">
        {current ? t('staff.newsletters.editTitle') : t('staff.newsletters.newTitle')}
        {shown ? (
          <>
            {' '}
            <IssueStatusBadge status={shown.status} />
          </>
        ) : null}
      </h1>
      {shown && shown.status !== 'draft' ? (
        <SentIssue issue={shown} />
      ) : (
        <form
          className="ks-staff__editor"
          onSubmit={(event) => {
            event.preventDefault();
            setFormError(null);
            save.mutate();
          }}
        >
          <fieldset className="ks-staff__card ks-staff__section">
            <legend className="ks-staff__subtitle">{t('staff.products.sectionTexts')}</legend>
            <p className="ks-staff__intro">{t('staff.newsletters.languagesHint')}</p>
            <LanguageTabs
              selected={language}
              onSelect={setLanguage}
              written={written}
              errors={errors}
              testIdPrefix="staff-newsletter-lang"
            />
            <div
              className="ks-staff__tab-panel"
              role="tabpanel"
              lang={info.htmlLang}
              dir={info.dir}
            >
              <TextField
                label={`${t('staff.newsletters.subject')} · ${info.nativeName}`}
                value={texts[language].subject}
                onChange={(event) =>
                  setTexts({
                    ...texts,
                    [language]: { ...texts[language], subject: event.target.value },
                  })
                }
                error={errors[`${language}.subject`]}
                testId="staff-newsletter-subject"
              />
              <MarkdownField
                key={language}
                label={t('staff.newsletters.body')}
                value={texts[language].body}
                onChange={(body) =>
                  setTexts({ ...texts, [language]: { ...texts[language], body } })
                }
                error={errors[`${language}.body`]}
                lang={info.htmlLang}
                dir={info.dir}
                testId="staff-newsletter-body"
              />
            </div>
          </fieldset>
          <FormAlert>{formError}</FormAlert>
          <div className="ks-staff__actions">
            <button
              type="submit"
              className="ks-button ks-button--secondary"
              disabled={save.isPending}
              data-testid="staff-newsletter-save"
            >
              <Save size={18} aria-hidden />
              {t('staff.newsletters.save')}
            </button>
            {current ? (
              <button
                type="button"
                className="ks-button ks-button--primary"
                disabled={dirty || send.isPending}
                onClick={() => setConfirming(true)}
                data-testid="staff-newsletter-send"
              >
                <Send size={18} aria-hidden className="ks-staff__flip" />
                {t('staff.newsletters.send')}
              </button>
            ) : null}
          </div>
          {current && dirty ? (
            <p className="ks-staff__muted">{t('staff.newsletters.saveFirst')}</p>
          ) : null}
          {confirming ? (
            <div className="ks-staff__card ks-staff__confirm" role="alertdialog" aria-live="polite">
              <p data-testid="staff-newsletter-confirm-text">
                {t('staff.newsletters.confirm', { count: audience.data?.audience ?? 0 })}
              </p>
              <div className="ks-staff__actions">
                <button
                  type="button"
                  className="ks-button ks-button--primary"
                  disabled={send.isPending}
                  onClick={() => send.mutate()}
                  data-testid="staff-newsletter-confirm"
                >
                  <Send size={18} aria-hidden className="ks-staff__flip" />
                  {t('staff.newsletters.sendNow')}
                </button>
                <button
                  type="button"
                  className="ks-button ks-button--ghost"
                  onClick={() => setConfirming(false)}
                >
                  {t('staff.newsletters.cancel')}
                </button>
              </div>
            </div>
          ) : null}
        </form>
      )}
    </section>
  );
}

function NewsletterPage() {
  const { fresh, query, created } = useEdited(NEWSLETTERS_KEY, staffNewsletter);
  if (fresh) return <NewsletterEditor key="new" issue={null} onCreated={created} />;
  if (query.isError) return <FormAlert>{failure(query.error)}</FormAlert>;
  if (!query.data) return null;
  return <NewsletterEditor key={query.data.id} issue={query.data} />;
}

/** A newsletter issue: written per language, previewed, sent once with its progress. */
export function StaffNewsletterRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NewsletterPage />
    </RequirePermission>
  );
}

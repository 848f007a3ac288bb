import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate } from 'react-router';

import type { ConsoleNewsDto, Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import {
  CheckboxField,
  FormAlert,
  TextField,
  TextareaField,
  errorText,
} from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { removeNewsCover, saveNews, staffNewsItem, uploadNewsCover } from '../api/content';
import { LanguageTabs } from '../components/language-tabs';
import { MarkdownField } from '../components/markdown-field';
import { RequirePermission } from '../components/staff-layout';
import { useEdited } from '../lib/use-edited';
import {
  bodyOfForm,
  emptyNewsForm,
  formOfNews,
  newsFieldOf,
  type NewsForm,
  type NewsTextForm,
} from '../lib/news-form';
import { NEWS_KEY, NewsStateBadge } from './staff-news';

function failure(error: Error): string {
  return error instanceof ApiError ? errorText(error.msgKey) : error.message;
}

/** The cover: uploaded (checked and converted by the server), shown, removed. */
function CoverSection({
  news,
  onChanged,
}: {
  news: ConsoleNewsDto;
  onChanged: (news: ConsoleNewsDto) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (file: File | null) =>
      file ? uploadNewsCover(news.id, news.version, file) : removeNewsCover(news.id, news.version),
    onSuccess: (saved) => {
      setError(null);
      onChanged(saved);
    },
    onError: (failed) => {
      const fieldError =
        failed instanceof ApiError ? Object.values(failed.fieldErrors)[0] : undefined;
      setError(fieldError ? errorText(fieldError) : failure(failed));
    },
  });
  return (
    <fieldset className="ks-staff__card ks-staff__section" data-testid="staff-news-cover">
      <legend className="ks-staff__subtitle">{t('staff.news.cover')}</legend>
      <p className="ks-staff__intro">{t('staff.products.imageHint')}</p>
      <img
        className="ks-staff__news-cover"
        src={news.cover || `/prod-api/api/media/news/${String(news.id)}.svg`}
        alt={t('staff.news.cover')}
        data-testid="staff-news-cover-image"
      />
      <div className="ks-staff__actions">
        <button
          type="button"
          className="ks-button ks-button--secondary ks-button--small"
          disabled={change.isPending}
          onClick={() => input.current?.click()}
          data-testid="staff-news-upload-cover"
        >
          <Upload size={16} aria-hidden />
          {change.isPending ? t('staff.products.uploading') : t('staff.products.uploadCover')}
        </button>
        {news.cover ? (
          <button
            type="button"
            className="ks-button ks-button--ghost ks-button--small"
            disabled={change.isPending}
            onClick={() => change.mutate(null)}
          >
            <Trash2 size={16} aria-hidden />
            {t('staff.products.remove')}
          </button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) change.mutate(file);
        }}
        data-testid="staff-news-cover-file"
      />
      <FormAlert>{error}</FormAlert>
    </fieldset>
  );
}

function NewsEditor({
  news,
  onCreated,
}: {
  news: ConsoleNewsDto | null;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<ConsoleNewsDto | null>(news);
  const [form, setForm] = useState<NewsForm>(() =>
    news ? formOfNews(news) : emptyNewsForm(Date.now()),
  );
  const [language, setLanguage] = useState<Language>('en-US');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const saved = (next: ConsoleNewsDto): Promise<void> => {
    setCurrent(next);
    queryClient.setQueryData([...NEWS_KEY, 'one', next.id], next);
    return queryClient.invalidateQueries({ queryKey: NEWS_KEY, exact: false });
  };
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveNews>[0]) => saveNews(body, current?.id),
    onSuccess: async (next) => {
      notify.success(t('staff.news.saved'));
      setErrors({});
      setFormError(null);
      const created = current === null;
      await saved(next);
      if (created) {
        onCreated?.(next.id);
        void navigate(`${paths.staffNews}/${String(next.id)}`, { replace: true });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, key]) => [
              newsFieldOf(form, field),
              key,
            ]),
          ),
        );
        setFormError(errorText('api.error.validation'));
      } else {
        setFormError(failure(error));
      }
    },
  });
  const submit = (): void => {
    setFormError(null);
    const result = bodyOfForm(form, current?.version ?? 0);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    save.mutate(result.body);
  };
  const info = LANGUAGES[language];
  const texts = form.texts[language];
  const setText = (name: keyof NewsTextForm, value: string): void =>
    setForm((previous) => ({
      ...previous,
      texts: { ...previous.texts, [language]: { ...previous.texts[language], [name]: value } },
    }));
  const missing = LanguageValues.filter((code) => form.texts[code].title.trim() === '');

  return (
    <section data-testid="staff-news-editor">
      <p>
        <Link to={paths.staffNews} className="ks-staff__back">
          <ArrowLeft size={16} aria-hidden className="ks-staff__flip" />
          {t('staff.news.back')}
        </Link>
      </p>
      <h1 className="ks-staff__title">
        {current ? t('staff.news.editTitle') : t('staff.news.newTitle')}
        {current ? (
          <>
            {' '}
            <NewsStateBadge news={current} />
          </>
        ) : null}
      </h1>
      <form
        className="ks-staff__editor"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="ks-staff__card ks-staff__section">
          <legend className="ks-staff__subtitle">{t('staff.news.sectionPublishing')}</legend>
          <div className="ks-staff__grid">
            <TextField
              label={t('staff.news.author')}
              value={form.author}
              onChange={(event) => setForm({ ...form, author: event.target.value })}
              error={errors.author}
              testId="staff-news-author"
            />
            <TextField
              label={t('staff.news.publishedAt')}
              type="datetime-local"
              hint={t('staff.news.scheduleHint')}
              value={form.publishedAt}
              onChange={(event) => setForm({ ...form, publishedAt: event.target.value })}
              error={errors.publishedAt}
              testId="staff-news-time"
            />
          </div>
          <CheckboxField
            label={t('staff.news.published')}
            checked={form.published}
            onChange={(event) => setForm({ ...form, published: event.target.checked })}
            testId="staff-news-published"
          />
        </fieldset>
        <fieldset className="ks-staff__card ks-staff__section" data-testid="staff-news-texts">
          <legend className="ks-staff__subtitle">{t('staff.products.sectionTexts')}</legend>
          <p className="ks-staff__intro">
            {missing.length === 0
              ? t('staff.products.allWritten')
              : t('staff.products.missing', {
                  languages: missing.map((code) => LANGUAGES[code].nativeName).join(', '),
                })}
          </p>
          <LanguageTabs
            selected={language}
            onSelect={setLanguage}
            written={(code) => !missing.includes(code)}
            errors={errors}
            testIdPrefix="staff-news-lang"
          />
          <div className="ks-staff__tab-panel" role="tabpanel" lang={info.htmlLang} dir={info.dir}>
            <TextField
              label={`${t('staff.news.titleField')} · ${info.nativeName}`}
              value={texts.title}
              onChange={(event) => setText('title', event.target.value)}
              error={errors[`${language}.title`]}
              testId="staff-news-title"
            />
            <TextareaField
              label={t('staff.news.summary')}
              hint={t('staff.news.summaryHint')}
              rows={2}
              value={texts.summary}
              onChange={(event) => setText('summary', event.target.value)}
              error={errors[`${language}.summary`]}
              testId="staff-news-summary"
            />
            <MarkdownField
              key={language}
              label={t('staff.news.body')}
              value={texts.body}
              onChange={(value) => setText('body', value)}
              error={errors[`${language}.body`]}
              lang={info.htmlLang}
              dir={info.dir}
              testId="staff-news-body"
            />
          </div>
        </fieldset>
        <FormAlert>{formError}</FormAlert>
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={save.isPending}
            data-testid="staff-news-save"
          >
            <Save size={18} aria-hidden />
            {t('staff.news.save')}
          </button>
        </div>
      </form>
      {current ? <CoverSection news={current} onChanged={(next) => void saved(next)} /> : null}
    </section>
  );
}

function NewsItemPage() {
  const { fresh, query, created } = useEdited(NEWS_KEY, staffNewsItem);
  if (fresh) return <NewsEditor key="new" news={null} onCreated={created} />;
  if (query.isError) return <FormAlert>{failure(query.error)}</FormAlert>;
  if (!query.data) return null;
  return <NewsEditor key={query.data.id} news={query.data} />;
}

/** A news item in the console: a new one (`/staff/news/new`) or one to edit. */
export function StaffNewsItemRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NewsItemPage />
    </RequirePermission>
  );
}

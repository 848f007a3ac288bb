import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import type { ConsolePageDto, Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import { FormAlert, SelectField, TextField, errorText } from '@/components/ui/form-field';
import { SITE_PAGE_SLUGS, type SitePageSlug } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { savePage, staffPage, staffPages } from '../api/content';
import { LanguageTabs } from '../components/language-tabs';
import { MarkdownField } from '../components/markdown-field';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

const PAGES_KEY = ['staff', 'pages'] as const;

const PAGE_NAMES: Readonly<Record<SitePageSlug, TranslationKey>> = {
  'about-us': 'nav.aboutUs',
  'contact-us': 'nav.contactUs',
  condition: 'nav.condition',
  'privacy-policy': 'nav.privacyPolicy',
  'refund-policy': 'nav.refundPolicy',
  shipping: 'nav.shipping',
};

function isSlug(value: string | null): value is SitePageSlug {
  return SITE_PAGE_SLUGS.some((slug) => slug === value);
}

/** One language of one page: its title and Markdown body, saved with the version read. */
function PageText({ page, onSaved }: { page: ConsolePageDto; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const info = LANGUAGES[page.language as Language];
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  const [version, setVersion] = useState(page.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => savePage(page.slug, page.language, { version, title, body }),
    onSuccess: async (next) => {
      notify.success(t('staff.pages.saved'));
      setVersion(next.version);
      setErrors({});
      setFormError(null);
      await onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
      } else {
        setFormError(error instanceof ApiError ? errorText(error.msgKey) : error.message);
      }
    },
  });
  return (
    <form
      className="ks-staff__tab-panel"
      role="tabpanel"
      lang={info.htmlLang}
      dir={info.dir}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <p className="ks-staff__muted" data-testid="staff-page-status">
        {page.exists || version > 0
          ? t('staff.pages.updated', { when: formatDateTime(page.updatedAt) })
          : t('staff.pages.fromEnglish')}
      </p>
      <TextField
        label={`${t('staff.pages.titleField')} · ${info.nativeName}`}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        testId="staff-page-title"
      />
      <MarkdownField
        label={t('staff.pages.body')}
        value={body}
        onChange={setBody}
        error={errors.body}
        lang={info.htmlLang}
        dir={info.dir}
        rows={18}
        testId="staff-page-body"
      />
      <p className="ks-staff__muted">
        {t('staff.pages.supportHint', { supportEmail: '{{supportEmail}}' })}
      </p>
      <FormAlert>{formError}</FormAlert>
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={save.isPending}
          data-testid="staff-page-save"
        >
          <Save size={18} aria-hidden />
          {t('staff.pages.save')}
        </button>
        <a
          className="ks-button ks-button--ghost"
          href={`/${page.slug}`}
          target="_blank"
          rel="noreferrer"
        >
          <ExternalLink size={18} aria-hidden />
          {t('staff.pages.open')}
        </a>
      </div>
    </form>
  );
}

function PagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('page');
  const slug: SitePageSlug = isSlug(wanted) ? wanted : 'about-us';
  const [language, setLanguage] = useState<Language>('en-US');
  const list = useQuery({ queryKey: PAGES_KEY, queryFn: staffPages });
  const page = useQuery({
    queryKey: [...PAGES_KEY, slug, language],
    queryFn: () => staffPage(slug, language),
    staleTime: 0,
  });
  const languages = list.data?.find((line) => line.slug === slug)?.languages ?? [];
  const missing = LanguageValues.filter((code) => !languages.includes(code));
  return (
    <section data-testid="staff-pages">
      <h1 className="ks-staff__title">{t('staff.pages.title')}</h1>
      <p className="ks-staff__intro">{t('staff.pages.intro')}</p>
      <div className="ks-staff__card ks-staff__section">
        <SelectField
          label={t('staff.pages.page')}
          value={slug}
          onChange={(event) => setParams({ page: event.target.value }, { replace: true })}
          testId="staff-page-select"
        >
          {SITE_PAGE_SLUGS.map((option) => (
            <option key={option} value={option}>
              {t(PAGE_NAMES[option])}
            </option>
          ))}
        </SelectField>
        <p className="ks-staff__intro" data-testid="staff-page-missing">
          {missing.length === 0
            ? t('staff.products.allWritten')
            : t('staff.products.missing', {
                languages: missing.map((code) => LANGUAGES[code].nativeName).join(', '),
              })}
        </p>
        <LanguageTabs
          selected={language}
          onSelect={setLanguage}
          written={(code) => languages.includes(code)}
          errors={{}}
          testIdPrefix="staff-page-lang"
        />
        {page.isError ? <FormAlert>{page.error.message}</FormAlert> : null}
        {page.data ? (
          <PageText
            key={`${slug}.${language}`}
            page={page.data}
            onSaved={() => queryClient.invalidateQueries({ queryKey: PAGES_KEY })}
          />
        ) : null}
      </div>
    </section>
  );
}

/** The six footer pages, each written in Markdown per language. */
export function StaffPagesRoute() {
  return (
    <RequirePermission permission="content.manage">
      <PagesPage />
    </RequirePermission>
  );
}

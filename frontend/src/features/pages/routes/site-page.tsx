import { FileQuestion, RotateCw } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { RichText } from '@/components/ui/rich-text';
import { paths, SITE_PAGE_SLUGS, type SitePageSlug } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/http/envelope';
import type { TranslationKey } from '@/lib/i18n/i18n';

import { useSitePage } from '../api/get-site-page';

import './site-page.css';

const TITLE_KEYS: Readonly<Record<SitePageSlug, TranslationKey>> = {
  'about-us': 'nav.aboutUs',
  'contact-us': 'nav.contactUs',
  condition: 'nav.condition',
  'privacy-policy': 'nav.privacyPolicy',
  'refund-policy': 'nav.refundPolicy',
  shipping: 'nav.shipping',
};

function slugOf(pathname: string): SitePageSlug {
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  return SITE_PAGE_SLUGS.find((candidate) => candidate === slug) ?? 'about-us';
}

/** The six footer pages (about us, contact, terms, privacy, refunds, delivery) from `/api/home/page/{slug}`. */
export function SitePageRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const slug = slugOf(location.pathname);
  const page = useSitePage(slug);
  const data = page.data;
  usePageTitle(data?.title);
  const title = data?.title ?? t(TITLE_KEYS[slug]);

  return (
    <div className="ks-container ks-page ks-site-page" data-testid={`site-page-${slug}`}>
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: title }]} />
      {page.isError ? (
        <EmptyState
          icon={FileQuestion}
          title={
            page.error instanceof ApiError && page.error.code === 404
              ? t('api.error.pageNotFound')
              : t('pages.loadFailed')
          }
          headingLevel={1}
          testId="site-page-error"
        >
          <button
            type="button"
            className="ks-button ks-button--secondary"
            onClick={() => void page.refetch()}
          >
            <RotateCw aria-hidden="true" size={18} />
            {t('common.retry')}
          </button>
          <AppLink to={paths.home} className="ks-button ks-button--primary">
            {t('common.backHome')}
          </AppLink>
        </EmptyState>
      ) : (
        <article
          className="ks-site-page__article"
          lang={data?.language === '' ? undefined : data?.language}
        >
          <h1 className="ks-page__title">{title}</h1>
          {data ? (
            <RichText html={data.html} className="ks-site-page__body" testId="site-page-body" />
          ) : (
            <div className="ks-site-page__body" aria-busy="true">
              <span className="ks-skeleton ks-skeleton--line" />
              <span className="ks-skeleton ks-skeleton--line" />
              <span className="ks-skeleton ks-skeleton--line ks-skeleton--short" />
            </div>
          )}
        </article>
      )}
    </div>
  );
}

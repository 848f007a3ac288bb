import { ArrowLeft, CalendarDays, Eye, Newspaper } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { RichText } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/http/envelope';
import { truncateTitle } from '@/lib/text/truncate-title';

import { useNewsItem } from '../api/get-news-item';
import { NewsDate } from '../components/news-date';

import './news.css';

/** The `id` of `/newsInfo?id=3`, or null when it is missing or not a positive whole number. */
export function newsIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** `/newsInfo?id=…`: one news item; "Sorry, no news information!" when there is none. */
export function NewsItemRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = newsIdOf(location.search);
  const item = useNewsItem(id);
  const data = item.data;
  usePageTitle(data?.title);

  const missing = id === null || (item.error instanceof ApiError && item.error.code === 404);
  const crumbs = [
    { label: t('nav.home'), to: paths.home },
    { label: t('news.title'), to: paths.news },
    { label: data ? truncateTitle(data.title) : t('news.item') },
  ];

  if (missing || item.isError) {
    return (
      <div className="ks-container ks-page">
        <Breadcrumbs items={crumbs} />
        <EmptyState
          icon={Newspaper}
          title={missing ? t('news.none') : t('news.loadFailed')}
          text={missing ? t('api.error.newsNotFound') : undefined}
          testId="news-none"
          headingLevel={1}
        >
          <AppLink to={paths.news} className="ks-button ks-button--primary">
            {t('news.backToList')}
          </AppLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="ks-container ks-page ks-news-item">
      <Breadcrumbs items={crumbs} />
      {data ? (
        <article className="ks-news-article" data-testid="news-article">
          <header className="ks-news-article__header">
            <h1 className="ks-page__title">{data.title}</h1>
            <p className="ks-news-card__meta">
              <CalendarDays aria-hidden="true" size={14} />
              <NewsDate value={data.publishedAt} />
              {data.author ? <span data-testid="news-author">{data.author}</span> : null}
              <span className="ks-news-card__clicks">
                <Eye aria-hidden="true" size={14} />
                {t('news.clicks', { count: data.clicks })}
              </span>
            </p>
            {data.summary ? <p className="ks-news-article__summary">{data.summary}</p> : null}
          </header>
          <LazyImage
            src={data.cover}
            alt=""
            ratio="wide"
            eager
            className="ks-news-article__cover"
          />
          <RichText html={data.html} className="ks-news-article__body" testId="news-body" />
          <AppLink to={paths.news} className="ks-text-link ks-news-article__back">
            <ArrowLeft aria-hidden="true" size={16} className="ks-flip" />
            {t('news.backToList')}
          </AppLink>
        </article>
      ) : (
        <div className="ks-news-article" aria-busy="true">
          <span className="ks-skeleton ks-skeleton--title" />
          <span className="ks-skeleton ks-image--wide" />
          <span className="ks-skeleton ks-skeleton--line" />
        </div>
      )}
    </div>
  );
}

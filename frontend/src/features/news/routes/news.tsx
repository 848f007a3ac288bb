import { CalendarDays, Eye, Newspaper } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { Pagination } from '@/components/ui/pagination';
import { newsItemPath, paths } from '@/config/paths';
import { truncateTitle } from '@/lib/text/truncate-title';

import { NEWS_PAGE_SIZE, useNewsList } from '../api/get-news-list';
import { NewsDate } from '../components/news-date';

import './news.css';

function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `/news`: the news as cards, newest first, paged in the address (`?page=2`). */
export function NewsRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const page = pageOf(location.search);
  const news = useNewsList(page);
  const data = news.data;

  return (
    <div className="ks-container ks-page">
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('news.title') }]} />
      <h1 className="ks-page__title ks-news__heading">{t('news.title')}</h1>
      {news.isError && !data ? (
        <EmptyState icon={Newspaper} title={t('news.loadFailed')} testId="news-error">
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => void news.refetch()}
          >
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : data?.rows.length === 0 ? (
        <EmptyState icon={Newspaper} title={t('news.empty')} testId="news-empty">
          <AppLink to={paths.home} className="ks-button ks-button--primary">
            {t('common.backHome')}
          </AppLink>
        </EmptyState>
      ) : (
        <>
          <ul
            className="ks-news-grid"
            aria-busy={!data || news.isPlaceholderData}
            data-testid="news-list"
          >
            {data
              ? data.rows.map((item, index) => (
                  <li key={item.id}>
                    <article className="ks-news-card" data-testid="news-card">
                      <LazyImage src={item.cover} alt="" ratio="wide" eager={index < 3} />
                      <div className="ks-news-card__body">
                        <p className="ks-news-card__meta">
                          <CalendarDays aria-hidden="true" size={14} />
                          <NewsDate value={item.publishedAt} />
                          <span className="ks-news-card__clicks">
                            <Eye aria-hidden="true" size={14} />
                            {t('news.clicks', { count: item.clicks })}
                          </span>
                        </p>
                        <h2 className="ks-news-card__title">
                          <AppLink to={newsItemPath(item.id)} className="ks-news-card__link">
                            {truncateTitle(item.title, 60)}
                          </AppLink>
                        </h2>
                        <p className="ks-news-card__summary">{item.summary}</p>
                      </div>
                    </article>
                  </li>
                ))
              : [0, 1, 2, 3, 4, 5].map((index) => (
                  <li key={index} aria-hidden="true">
                    <div className="ks-news-card">
                      <span className="ks-skeleton ks-image--wide" />
                      <div className="ks-news-card__body">
                        <span className="ks-skeleton ks-skeleton--line ks-skeleton--short" />
                        <span className="ks-skeleton ks-skeleton--line" />
                      </div>
                    </div>
                  </li>
                ))}
          </ul>
          {data && data.total > NEWS_PAGE_SIZE ? (
            <Pagination
              page={page}
              total={data.total}
              limit={NEWS_PAGE_SIZE}
              hrefForPage={(next) => (next === 1 ? paths.news : `${paths.news}?page=${next}`)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

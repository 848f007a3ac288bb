import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { ConsoleNewsDto } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import { FormAlert } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';

import { staffNewsList } from '../api/content';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { newsState } from '../lib/news-form';

export const NEWS_KEY = ['staff', 'news'] as const;
const PAGE_SIZE = 20;

/** Draft, scheduled or published, as a badge. */
export function NewsStateBadge({ news }: { news: ConsoleNewsDto }) {
  const { t } = useTranslation();
  // When the page was drawn: a scheduled item turns published on the next visit.
  const [now] = useState(() => Date.now());
  const state = newsState(news, now);
  return (
    <span
      className={
        state === 'published' ? 'ks-staff__role' : 'ks-staff__badge ks-staff__badge--quiet'
      }
      data-testid="staff-news-state"
      data-state={state}
    >
      {t(`staff.news.state.${state}`)}
    </span>
  );
}

function NewsLine({ news }: { news: ConsoleNewsDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  return (
    <li className="ks-staff__card ks-staff__product" data-testid="staff-news-row">
      <img
        className="ks-staff__thumb"
        src={news.cover || `/prod-api/api/media/news/${String(news.id)}.svg`}
        alt=""
        loading="lazy"
      />
      <div className="ks-staff__product-body">
        <p className="ks-staff__row-title">
          <Link to={`${paths.staffNews}/${String(news.id)}`} data-testid="staff-news-open">
            {news.texts[0]?.title ?? ''}
          </Link>{' '}
          <NewsStateBadge news={news} />
        </p>
        <dl className="ks-staff__facts">
          <div>
            <dt>{t('staff.news.publishedAt')}</dt>
            <dd>{formatDateTime(news.publishedAt)}</dd>
          </div>
          <div>
            <dt>{t('staff.news.author')}</dt>
            <dd>{news.author || '—'}</dd>
          </div>
          <div>
            <dt>{t('staff.products.languages')}</dt>
            <dd>
              {t('staff.products.languagesDone', {
                done: LanguageValues.length - news.missingLanguages.length,
                total: LanguageValues.length,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('staff.news.clicks')}</dt>
            <dd>{news.clicks}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

function NewsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const news = useQuery({
    queryKey: [...NEWS_KEY, page],
    queryFn: () => staffNewsList(page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-news">
      <h1 className="ks-staff__title">{t('staff.news.title')}</h1>
      <p className="ks-staff__intro">{t('staff.news.intro')}</p>
      <Link
        to={`${paths.staffNews}/new`}
        className="ks-button ks-button--primary"
        data-testid="staff-news-new"
      >
        <Plus size={18} aria-hidden />
        {t('staff.news.new')}
      </Link>
      {news.isError ? <FormAlert>{news.error.message}</FormAlert> : null}
      {news.data?.total === 0 ? <p className="ks-staff__intro">{t('staff.news.empty')}</p> : null}
      <ul className="ks-staff__list ks-staff__after-action">
        {news.data?.rows.map((item) => (
          <NewsLine key={item.id} news={item} />
        ))}
      </ul>
      {news.data && news.data.total > PAGE_SIZE ? (
        <Pagination page={page} total={news.data.total} limit={PAGE_SIZE} onPageChange={setPage} />
      ) : null}
    </section>
  );
}

/** News: every item, drafts and scheduled ones too, each opened in the editor. */
export function StaffNewsRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NewsPage />
    </RequirePermission>
  );
}

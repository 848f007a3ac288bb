import { BadgeCheck, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { RatingStars } from '@/components/product/rating-stars';
import { Pagination } from '@/components/ui/pagination';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { REVIEWS_PAGE_SIZE, useReviews } from '../api/get-reviews';
import type { ProductRef } from '../api/query-keys';

/** A review's time in the UI language ("2 Nov 2026"). */
function formatReviewDate(value: string, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** Reviews, newest first, 10 a page. */
export function ReviewList({ productRef }: { productRef: ProductRef }) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const locale = LANGUAGES[language].htmlLang;
  const [page, setPage] = useState(1);
  const reviews = useReviews(productRef, page);
  const data = reviews.data;

  if (reviews.isError) return <p className="ks-muted">{t('product.reviews.failed')}</p>;
  if (!data) {
    return (
      <div className="ks-reviews" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="ks-review ks-review--skeleton">
            <span className="ks-skeleton ks-skeleton--line ks-skeleton--short" />
            <span className="ks-skeleton ks-skeleton--line" />
          </div>
        ))}
      </div>
    );
  }
  if (data.total === 0) {
    return (
      <p className="ks-reviews__empty" data-testid="reviews-empty">
        <MessageSquareText aria-hidden="true" size={20} />
        {t('product.reviews.none')}
      </p>
    );
  }
  return (
    <div className="ks-reviews" aria-busy={reviews.isPlaceholderData || undefined}>
      <ul className="ks-reviews__list" data-testid="review-list">
        {data.rows.map((review) => (
          <li key={review.id}>
            <article className="ks-review" data-testid="review">
              <header className="ks-review__header">
                <span className="ks-review__avatar" aria-hidden="true">
                  {Array.from(review.fullName.trim())[0]?.toUpperCase() ?? '?'}
                </span>
                <span className="ks-review__who">
                  <strong className="ks-review__name">{review.fullName}</strong>
                  <time className="ks-review__date" dateTime={review.createdAt}>
                    {formatReviewDate(review.createdAt, locale)}
                  </time>
                </span>
                <RatingStars value={review.stars} size={14} />
              </header>
              {review.verified ? (
                <p className="ks-review__verified" data-testid="review-verified">
                  <BadgeCheck size={14} aria-hidden />
                  {t('product.reviews.verified')}
                </p>
              ) : null}
              <p className="ks-review__content">{review.content}</p>
              {review.staffReply ? (
                <div className="ks-review__reply" data-testid="review-reply">
                  <strong>{t('product.reviews.storeReply')}</strong>
                  <p>{review.staffReply}</p>
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      {data.total > REVIEWS_PAGE_SIZE ? (
        <Pagination
          page={page}
          total={data.total}
          limit={REVIEWS_PAGE_SIZE}
          onPageChange={setPage}
          label={t('product.reviews.pages')}
        />
      ) : null}
    </div>
  );
}

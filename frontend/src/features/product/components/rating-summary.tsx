import { Star } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { RatingSummaryDto } from '@/api/types';
import { RatingStars } from '@/components/product/rating-stars';

import { formatAverage, ratingBars } from '../lib/rating';

/** The average, the number of reviews and one bar per star. */
export function RatingSummary({ summary }: { summary: RatingSummaryDto | undefined }) {
  const { t } = useTranslation();
  const average = formatAverage(summary);
  const bars = ratingBars(summary);
  return (
    <div className="ks-rating-summary" data-testid="rating-summary">
      <div className="ks-rating-summary__score">
        <p className="ks-rating-summary__average" data-testid="rating-average">
          {average ?? '–'}
        </p>
        <RatingStars value={summary?.average ?? 0} size={18} />
        <p className="ks-rating-summary__count">
          {t('product.reviews.count', { count: summary?.count ?? 0 })}
        </p>
      </div>
      <ul className="ks-rating-bars" aria-label={t('product.reviews.distribution')}>
        {bars.map((bar) => (
          <li
            key={bar.stars}
            className="ks-rating-bars__row"
            data-testid={`rating-bar-${bar.stars}`}
          >
            <span className="ks-rating-bars__stars" aria-hidden="true">
              {bar.stars}
              <Star size={12} />
            </span>
            <span className="ks-rating-bars__track" aria-hidden="true">
              <span className="ks-rating-bars__fill" style={{ width: `${bar.percent}%` }} />
            </span>
            <span className="ks-rating-bars__count" aria-hidden="true">
              {bar.count}
            </span>
            <span className="ks-visually-hidden">
              {t('product.reviews.barLabel', {
                stars: bar.stars,
                count: bar.count,
                percent: bar.percent,
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

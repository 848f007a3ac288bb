import { MessageSquareOff } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useSiteSetting } from '@/api/site-config';

import { useRating } from '../api/get-rating';
import type { ProductRef } from '../api/query-keys';

import { RatingSummary } from './rating-summary';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/** The rating summary, the reviews and the form to write one (unless comments are off). */
export function RatingsTab({ productRef }: { productRef: ProductRef }) {
  const { t } = useTranslation();
  const rating = useRating(productRef);
  const commentsOff = useSiteSetting('commentEnabled')?.trim().toLowerCase() === 'false';
  return (
    <div className="ks-ratings" data-testid="panel-ratings">
      <h2 className="ks-visually-hidden">{t('product.tabs.ratings')}</h2>
      <div className="ks-ratings__summary">
        <RatingSummary summary={rating.data} />
      </div>
      <div className="ks-ratings__reviews">
        <h3 className="ks-panel-subtitle">{t('product.reviews.title')}</h3>
        <ReviewList productRef={productRef} />
      </div>
      <div className="ks-ratings__form">
        {commentsOff ? (
          <p className="ks-form-alert" data-testid="comments-off">
            <MessageSquareOff aria-hidden="true" size={18} />
            {t('api.review.disabled')}
          </p>
        ) : (
          <ReviewForm productRef={productRef} />
        )}
      </div>
    </div>
  );
}

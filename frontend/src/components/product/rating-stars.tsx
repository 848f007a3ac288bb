import { Star } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

interface RatingStarsProps {
  /** 0–5, fractions allowed. */
  value: number;
  size?: number;
}

/** Five stars filled to `value` (to the half star); the number is told to screen readers. */
export function RatingStars({ value, size = 16 }: RatingStarsProps) {
  const { t } = useTranslation();
  const rounded = Math.round(Math.min(5, Math.max(0, value)) * 2) / 2;
  return (
    <span
      className="ks-stars"
      role="img"
      aria-label={t('product.ratingOutOf', { rating: rounded.toFixed(1) })}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty';
        return (
          <span key={star} className={`ks-stars__star ks-stars__star--${fill}`} aria-hidden="true">
            <Star size={size} className="ks-stars__base" />
            <span className="ks-stars__fill">
              <Star size={size} />
            </span>
          </span>
        );
      })}
    </span>
  );
}

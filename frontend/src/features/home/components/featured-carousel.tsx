import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductCardDto } from '@/api/types';
import { PlatformIcon } from '@/components/product/platform-icon';
import { PriceTag } from '@/components/product/price-tag';
import { StockBadge } from '@/components/product/stock-badge';
import { AppLink } from '@/components/ui/app-link';
import { LazyImage } from '@/components/ui/lazy-image';
import { productPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { truncateTitle } from '@/lib/text/truncate-title';

const SLIDE_COUNT = 5;
const AUTOPLAY_MS = 6000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Featured deals (the hottest products) as a carousel: one deal at a time with its cover,
 * price and a link to it. It advances every 6 s unless the shopper hovers, focuses it,
 * pauses it or prefers reduced motion; arrows and dots move it by hand.
 */
export function FeaturedCarousel({
  products,
}: {
  products: readonly ProductCardDto[] | undefined;
}) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const slides = (products ?? []).slice(0, SLIDE_COUNT);
  const [index, setIndex] = useState(0);
  // Whether the carousel has moved yet: only then do deals slide in.
  const [moved, setMoved] = useState(false);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  const current = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (paused || hovered || count < 2) return undefined;
    const timer = window.setTimeout(() => {
      setMoved(true);
      setIndex((value) => (value + 1) % count);
    }, AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [paused, hovered, count, current]);

  if (!products) {
    return <div className="ks-featured ks-featured--loading ks-skeleton" aria-hidden="true" />;
  }
  if (count === 0) return null;

  const go = (next: number) => {
    setMoved(true);
    setIndex((next + count) % count);
  };

  return (
    <section
      className="ks-featured"
      aria-roledescription={t('home.featured.carousel')}
      aria-label={t('home.featured.label')}
      data-testid="featured-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={() => setHovered(true)}
      onBlurCapture={() => setHovered(false)}
    >
      <div
        className="ks-featured__viewport"
        aria-live={paused ? 'polite' : 'off'}
        data-moved={moved || undefined}
      >
        {slides.map((product, position) => (
          <div
            key={product.id}
            className="ks-featured__slide"
            role="group"
            aria-roledescription={t('home.featured.slide')}
            aria-label={t('home.featured.position', { current: position + 1, count })}
            hidden={position !== current}
            data-testid="featured-slide"
          >
            <span className="ks-featured__backdrop" aria-hidden="true">
              <img src={product.cover} alt="" loading="lazy" decoding="async" />
            </span>
            <AppLink
              to={productPath(product.gameName, product.gameExtName)}
              className="ks-featured__cover"
              tabIndex={-1}
              aria-hidden="true"
            >
              <LazyImage src={product.cover} alt="" ratio="cover" eager={position === 0} />
            </AppLink>
            <div className="ks-featured__info">
              <p className="ks-featured__eyebrow">{t('home.featured.eyebrow')}</p>
              <h2 className="ks-featured__title">
                <AppLink to={productPath(product.gameName, product.gameExtName)}>
                  {truncateTitle(product.title)}
                </AppLink>
              </h2>
              <p className="ks-featured__meta">
                <PlatformIcon code={product.platform} size={20} />
                <span>{labels.platform(product.platform)}</span>
                <span className="ks-featured__region">{labels.region(product.region)}</span>
              </p>
              <PriceTag
                price={product.price}
                listPrice={product.listPrice}
                discount={product.discount}
                size="lg"
              />
              <StockBadge stock={product.stock} />
              <AppLink
                to={productPath(product.gameName, product.gameExtName)}
                className="ks-button ks-button--primary ks-featured__cta"
              >
                {t('home.featured.cta')}
              </AppLink>
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="ks-featured__controls">
          <button
            type="button"
            className="ks-icon-button"
            aria-label={paused ? t('home.featured.play') : t('home.featured.pause')}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? (
              <Play aria-hidden="true" size={16} />
            ) : (
              <Pause aria-hidden="true" size={16} />
            )}
          </button>
          <button
            type="button"
            className="ks-icon-button"
            aria-label={t('home.featured.previous')}
            onClick={() => go(current - 1)}
          >
            <ChevronLeft aria-hidden="true" size={18} className="ks-flip" />
          </button>
          <div className="ks-featured__dots">
            {slides.map((product, position) => (
              <button
                key={product.id}
                type="button"
                className="ks-featured__dot"
                aria-label={t('home.featured.goTo', { current: position + 1, count })}
                aria-current={position === current ? 'true' : undefined}
                onClick={() => go(position)}
              />
            ))}
          </div>
          <button
            type="button"
            className="ks-icon-button"
            aria-label={t('home.featured.next')}
            onClick={() => go(current + 1)}
          >
            <ChevronRight aria-hidden="true" size={18} className="ks-flip" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

import { ArrowRight, Tag, Zap } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useSiteSetting } from '@/api/site-config';
import type { ProductCardDto } from '@/api/types';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { useFormatMoney } from '@/hooks/use-format-money';

import { FeaturedCarousel } from './featured-carousel';

function filled(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

/**
 * The hero's title and subtitle from the settings (in the shopper's language where the
 * store wrote them; else the site's title and description), a "from" price in the chosen
 * currency, and beside them the carousel of featured deals.
 */
export function Hero({ featured }: { featured: readonly ProductCardDto[] | undefined }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const heroTitle = filled(useSiteSetting('heroTitle'));
  const heroSubtitle = filled(useSiteSetting('heroSubtitle'));
  const siteTitle = filled(useSiteSetting('siteTitle'));
  const siteDescription = filled(useSiteSetting('siteDescription'));
  const title = heroTitle ?? siteTitle ?? t('home.fallbackTitle');
  const description = heroSubtitle ?? siteDescription ?? t('home.fallbackDescription');
  const fromPrice = filled(useSiteSetting('homeFromPriceUsd'));

  return (
    <section className="ks-hero" aria-labelledby="home-title">
      <div className="ks-hero__glow" aria-hidden="true" />
      <div className="ks-container ks-hero__inner">
        <div className="ks-hero__copy">
          <p className="ks-hero__eyebrow">
            <Zap aria-hidden="true" size={16} />
            {t('home.eyebrow')}
          </p>
          <h1 id="home-title" className="ks-hero__title" data-testid="site-title">
            {title}
          </h1>
          <p className="ks-hero__description">{description}</p>
          <div className="ks-hero__actions">
            <AppLink to={paths.games} className="ks-button ks-button--primary">
              {t('home.browseAll')}
              <ArrowRight aria-hidden="true" size={18} className="ks-flip" />
            </AppLink>
            {fromPrice ? (
              <p className="ks-hero__price" data-testid="home-from-price">
                <Tag aria-hidden="true" size={18} />
                {t('home.pricesFrom', { price: formatMoney(fromPrice) })}
              </p>
            ) : null}
          </div>
        </div>
        <FeaturedCarousel products={featured} />
      </div>
    </section>
  );
}

import { ArrowRight, ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductCardDto } from '@/api/types';
import { ProductGrid } from '@/components/product/product-grid';
import { AppLink } from '@/components/ui/app-link';
import { directionOf } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

interface ProductRowProps {
  id: string;
  title: string;
  icon: LucideIcon;
  products: readonly ProductCardDto[] | undefined;
  failed: boolean;
  seeAllTo: string;
}

/** A titled row of product cards that scrolls sideways, with arrows and a "See all" link. */
export function ProductRow({ id, title, icon: Icon, products, failed, seeAllTo }: ProductRowProps) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = `${id}-heading`;

  const scroll = (towards: 1 | -1) => {
    const list = listRef.current?.querySelector('.ks-product-grid');
    if (!(list instanceof HTMLElement)) return;
    const sign = directionOf(language) === 'rtl' ? -1 : 1;
    list.scrollBy({ left: towards * sign * list.clientWidth * 0.9, behavior: 'smooth' });
  };

  if (failed) return null;
  return (
    <section className="ks-container ks-row" aria-labelledby={headingId} data-testid={id}>
      <div className="ks-row__header">
        <h2 id={headingId} className="ks-section-title ks-row__title">
          <span className="ks-row__icon" aria-hidden="true">
            <Icon size={18} />
          </span>
          {title}
        </h2>
        <div className="ks-row__tools">
          <AppLink to={seeAllTo} className="ks-row__see-all">
            {t('home.seeAll')}
            <ArrowRight aria-hidden="true" size={16} className="ks-flip" />
          </AppLink>
          <button
            type="button"
            className="ks-icon-button ks-row__arrow"
            aria-label={t('home.scrollBack', { title })}
            onClick={() => scroll(-1)}
          >
            <ChevronLeft aria-hidden="true" size={18} className="ks-flip" />
          </button>
          <button
            type="button"
            className="ks-icon-button ks-row__arrow"
            aria-label={t('home.scrollForward', { title })}
            onClick={() => scroll(1)}
          >
            <ChevronRight aria-hidden="true" size={18} className="ks-flip" />
          </button>
        </div>
      </div>
      <div ref={listRef}>
        <ProductGrid products={products} layout="row" skeletonCount={6} label={title} />
      </div>
    </section>
  );
}

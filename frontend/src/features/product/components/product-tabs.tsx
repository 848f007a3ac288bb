import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductDetailDto } from '@/api/types';
import { directionOf } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import type { ProductRef } from '../api/query-keys';

import { ActivationTab } from './activation-tab';
import { DescriptionTab } from './description-tab';
import { InformationTab } from './information-tab';
import { RatingsTab } from './ratings-tab';
import { RecommendationsTab } from './recommendations-tab';

export const PRODUCT_TABS = [
  'description',
  'information',
  'ratings',
  'recommendations',
  'activation',
] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

interface ProductTabsProps {
  product: ProductDetailDto;
  productRef: ProductRef;
  tab: ProductTab;
  onTabChange: (tab: ProductTab) => void;
}

/** Description, information, ratings, recommendations and key activation, as Radix tabs. */
export function ProductTabs({ product, productRef, tab, onTabChange }: ProductTabsProps) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const label = (name: ProductTab) =>
    name === 'ratings' && product.ratingCount > 0
      ? t('product.tabs.ratingsCount', { count: product.ratingCount })
      : t(`product.tabs.${name}`);

  return (
    <Tabs.Root
      className="ks-tabs"
      value={tab}
      onValueChange={(value) => {
        const next = PRODUCT_TABS.find((name) => name === value);
        if (next) onTabChange(next);
      }}
      dir={directionOf(language)}
      id="product-tabs"
    >
      <Tabs.List className="ks-tabs__list" aria-label={t('product.tabs.label')}>
        {PRODUCT_TABS.map((name) => (
          <Tabs.Trigger
            key={name}
            value={name}
            className="ks-tabs__trigger"
            data-testid={`tab-${name}`}
          >
            {label(name)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="description" className="ks-tabs__panel">
        <DescriptionTab product={product} />
      </Tabs.Content>
      <Tabs.Content value="information" className="ks-tabs__panel">
        <InformationTab product={product} />
      </Tabs.Content>
      <Tabs.Content value="ratings" className="ks-tabs__panel">
        <RatingsTab productRef={productRef} />
      </Tabs.Content>
      <Tabs.Content value="recommendations" className="ks-tabs__panel">
        <RecommendationsTab productRef={productRef} />
      </Tabs.Content>
      <Tabs.Content value="activation" className="ks-tabs__panel">
        <ActivationTab product={product} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

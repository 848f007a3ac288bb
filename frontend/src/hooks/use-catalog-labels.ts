import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import {
  isGenre,
  isPlatform,
  isProductType,
  isRegion,
  isSortOrder,
  isStock,
} from '@/lib/catalog/codes';

export interface CatalogLabels {
  platform: (code: string) => string;
  type: (code: string) => string;
  genre: (code: string) => string;
  region: (code: string) => string;
  stock: (code: string) => string;
  sort: (code: string) => string;
  /** Any navigation code (type, platform or genre). */
  listName: (code: string) => string;
}

/**
 * The shopper-facing names of catalog codes, from the catalogue (`catalog.platform.steam`,
 * …). A code the SPA does not know yet (the server added one) shows as it is.
 */
export function useCatalogLabels(): CatalogLabels {
  const { t } = useTranslation();
  return useMemo(() => {
    const platform = (code: string) => (isPlatform(code) ? t(`catalog.platform.${code}`) : code);
    const type = (code: string) => (isProductType(code) ? t(`catalog.type.${code}`) : code);
    const genre = (code: string) => (isGenre(code) ? t(`catalog.genre.${code}`) : code);
    return {
      platform,
      type,
      genre,
      region: (code) => (isRegion(code) ? t(`catalog.region.${code}`) : code),
      stock: (code) => (isStock(code) ? t(`catalog.stock.${code}`) : code),
      sort: (code) => (isSortOrder(code) ? t(`catalog.sort.${code}`) : code),
      listName: (code) =>
        isProductType(code) ? type(code) : isPlatform(code) ? platform(code) : genre(code),
    };
  }, [t]);
}

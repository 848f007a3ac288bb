import { Clock, PackageX, TriangleAlert, Zap } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useCatalogLabels } from '@/hooks/use-catalog-labels';

/**
 * In stock reads as the promise shoppers look for ("Instant delivery"); the other states
 * say what they are: low stock, out of stock, pre-order.
 */
export function StockBadge({ stock }: { stock: string }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  switch (stock) {
    case 'in_stock':
      return (
        <span className="ks-stock ks-stock--instant" data-stock={stock}>
          <Zap aria-hidden="true" size={14} />
          {t('product.instant')}
        </span>
      );
    case 'low':
      return (
        <span className="ks-stock ks-stock--low" data-stock={stock}>
          <TriangleAlert aria-hidden="true" size={14} />
          {labels.stock(stock)}
        </span>
      );
    case 'preorder':
      return (
        <span className="ks-stock ks-stock--preorder" data-stock={stock}>
          <Clock aria-hidden="true" size={14} />
          {labels.stock(stock)}
        </span>
      );
    default:
      return (
        <span className="ks-stock ks-stock--out" data-stock={stock}>
          <PackageX aria-hidden="true" size={14} />
          {labels.stock(stock)}
        </span>
      );
  }
}

import { ChevronRight } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { AppLink } from './app-link';

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

/** Where the shopper is: Home › All games › Crimson Frontier. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="ks-breadcrumbs" aria-label={t('common.breadcrumbs')}>
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {index > 0 ? <ChevronRight aria-hidden="true" size={14} className="ks-flip" /> : null}
            {item.to ? (
              <AppLink to={item.to}>{item.label}</AppLink>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

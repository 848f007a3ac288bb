import { Tag } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductDetailDto } from '@/api/types';
import { PlainText } from '@/components/ui/plain-text';

/** The description (plain text, in the language the server wrote it in) and the tags. */
export function DescriptionTab({ product }: { product: ProductDetailDto }) {
  const { t } = useTranslation();
  return (
    <div className="ks-description" data-testid="panel-description">
      <h2 className="ks-visually-hidden">{t('product.tabs.description')}</h2>
      {product.description.trim() === '' ? (
        <p className="ks-muted">{t('product.noDescription')}</p>
      ) : (
        <PlainText
          text={product.description}
          headingLevel={3}
          lang={product.contentLanguage || undefined}
        />
      )}
      {product.tags.length > 0 ? (
        <ul className="ks-tags" aria-label={t('product.tags')}>
          {product.tags.map((tag) => (
            <li key={tag} className="ks-tag">
              <Tag aria-hidden="true" size={12} />
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { KeyRound } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductDetailDto } from '@/api/types';
import { PlatformIcon } from '@/components/product/platform-icon';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { directionOfText } from '@/lib/i18n/languages';
import { linesOf } from '@/lib/text/plain-text';

/** How to redeem the key on its platform: the server's steps, one per line. */
export function ActivationTab({ product }: { product: ProductDetailDto }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const steps = linesOf(product.activationGuide).map((line) => line.replace(/^\d+[.)]\s*/, ''));
  const platform = labels.platform(product.platform);
  return (
    <div className="ks-activation" data-testid="panel-activation">
      <h2 className="ks-panel-title">
        <PlatformIcon code={product.platform} size={28} />
        {t('product.activation.title', { platform })}
      </h2>
      {steps.length === 0 ? (
        <p className="ks-muted">{t('product.activation.none', { platform })}</p>
      ) : (
        <ol
          className="ks-steps"
          lang={product.contentLanguage || undefined}
          dir={directionOfText(product.contentLanguage)}
        >
          {steps.map((step, index) => (
            <li key={index} className="ks-steps__item">
              <span className="ks-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="ks-activation__note">
        <KeyRound aria-hidden="true" size={18} />
        {t('product.activation.note')}
      </p>
    </div>
  );
}

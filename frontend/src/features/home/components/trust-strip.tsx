import { Headset, RotateCcw, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { TranslationKey } from '@/lib/i18n/i18n';

interface TrustPoint {
  icon: LucideIcon;
  titleKey: TranslationKey;
  textKey: TranslationKey;
}

const POINTS: readonly TrustPoint[] = [
  { icon: Zap, titleKey: 'home.trust.instantTitle', textKey: 'home.trust.instantText' },
  { icon: Headset, titleKey: 'home.trust.supportTitle', textKey: 'home.trust.supportText' },
  { icon: ShieldCheck, titleKey: 'home.trust.secureTitle', textKey: 'home.trust.secureText' },
  { icon: RotateCcw, titleKey: 'home.trust.refundTitle', textKey: 'home.trust.refundText' },
];

/** Instant delivery, support, secure payment, refunds: what a shopper checks before buying. */
export function TrustStrip() {
  const { t } = useTranslation();
  return (
    <section className="ks-container ks-trust" aria-labelledby="trust-heading">
      <h2 id="trust-heading" className="ks-section-title">
        {t('home.trustHeading')}
      </h2>
      <ul className="ks-trust__list">
        {POINTS.map(({ icon: Icon, titleKey, textKey }) => (
          <li key={titleKey} className="ks-trust__item">
            <span className="ks-trust__icon" aria-hidden="true">
              <Icon size={22} />
            </span>
            <span className="ks-trust__body">
              <span className="ks-trust__title">{t(titleKey)}</span>
              <span className="ks-trust__text">{t(textKey)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

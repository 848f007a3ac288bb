import { Mail } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { AppLink } from '@/components/ui/app-link';
import { useSiteSetting } from '@/api/site-config';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSiteName } from '@/hooks/use-site-name';
import type { TranslationKey } from '@/lib/i18n/i18n';

import { useAfterFirstLoad } from './use-after-first-load';
import { useNearViewport } from './use-near-viewport';

import './footer.css';

interface FooterLink {
  to: string;
  labelKey: TranslationKey;
}

const COMPANY_LINKS: readonly FooterLink[] = [
  { to: paths.aboutUs, labelKey: 'nav.aboutUs' },
  { to: paths.contactUs, labelKey: 'nav.contactUs' },
];

const BUSINESS_LINKS: readonly FooterLink[] = [
  { to: paths.sale, labelKey: 'forms.sale.title' },
  { to: paths.wholesale, labelKey: 'forms.wholesale.title' },
  { to: paths.affiliate, labelKey: 'forms.affiliate.title' },
  { to: paths.feedback, labelKey: 'forms.feedback.title' },
];

const HELP_LINKS: readonly FooterLink[] = [
  { to: paths.condition, labelKey: 'nav.condition' },
  { to: paths.privacyPolicy, labelKey: 'nav.privacyPolicy' },
  { to: paths.refundPolicy, labelKey: 'nav.refundPolicy' },
  { to: paths.shipping, labelKey: 'nav.shipping' },
];

/**
 * The newsletter sign-up brings its form library (react-hook-form + zod, ~30 KB gzip) in a
 * chunk of its own, loaded when the footer comes near the viewport after the first view: most
 * visits never scroll that far, and no first view needs it.
 */
const NewsletterBox = lazy(async () => {
  const { NewsletterBox: Box } = await import(
    /* webpackChunkName: "newsletter" */ '@/features/forms/components/newsletter-box'
  );
  return { default: Box };
});

function LinkColumn({
  headingKey,
  links,
}: {
  headingKey: TranslationKey;
  links: readonly FooterLink[];
}) {
  const { t } = useTranslation();
  return (
    <div className="ks-footer__column">
      <h2 className="ks-footer__heading">{t(headingKey)}</h2>
      <ul className="ks-footer__links">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="ks-footer__link">
              {t(link.labelKey)}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const footer = useRef<HTMLElement>(null);
  const newsletterWanted = useNearViewport(footer, useAfterFirstLoad());
  const siteName = useSiteName();
  const supportEmail = useSiteSetting('supportEmail')?.trim();
  const year = new Date().getFullYear();
  return (
    <footer className="ks-footer" ref={footer}>
      <div className="ks-container">
        <div className="ks-footer__grid">
          <div className="ks-footer__brand">
            <span className="ks-footer__logo">
              <LogoMark size={28} />
              <span className="ks-logo__name">{siteName}</span>
            </span>
            <p className="ks-footer__tagline">{t('footer.tagline')}</p>
            {newsletterWanted ? (
              <Suspense fallback={null}>
                <NewsletterBox />
              </Suspense>
            ) : null}
          </div>
          <nav className="ks-footer__nav" aria-label={t('footer.navigation')}>
            <LinkColumn headingKey="footer.company" links={COMPANY_LINKS} />
            <LinkColumn headingKey="footer.help" links={HELP_LINKS} />
            <LinkColumn headingKey="footer.business" links={BUSINESS_LINKS} />
          </nav>
          <div className="ks-footer__column">
            <h2 className="ks-footer__heading">{t('footer.support')}</h2>
            <p className="ks-footer__text">{t('footer.supportText')}</p>
            {supportEmail ? (
              <a className="ks-footer__link ks-footer__mail" href={`mailto:${supportEmail}`}>
                <Mail aria-hidden="true" size={16} />
                <span dir="ltr">{supportEmail}</span>
              </a>
            ) : null}
          </div>
        </div>
        <p className="ks-footer__copyright">{t('footer.copyright', { year, siteName })}</p>
      </div>
    </footer>
  );
}

import { House } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { AppLink } from '@/components/ui/app-link';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSiteName } from '@/hooks/use-site-name';

import '@/styles/status-page.css';

/** The 404 page, outside the main layout; every unknown path renders it. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <main className="ks-status-page" data-testid="not-found">
      <AppLink
        to={paths.home}
        className="ks-logo ks-status-page__logo"
        aria-label={t('header.homeLink', { siteName })}
      >
        <LogoMark size={36} />
        <span className="ks-logo__name">{siteName}</span>
      </AppLink>
      <div className="ks-status-page__card">
        <p className="ks-status-page__code" aria-hidden="true">
          404
        </p>
        <h1 className="ks-status-page__title">{t('notFound.title')}</h1>
        <p className="ks-status-page__text">{t('notFound.text')}</p>
        <AppLink to={paths.home} className="ks-button ks-button--primary">
          <House aria-hidden="true" size={18} />
          {t('notFound.backHome')}
        </AppLink>
      </div>
    </main>
  );
}

import { RotateCw } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { reloadPage } from '@/lib/browser';

import '@/styles/status-page.css';

/** Shown when a route fails to render or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="ks-status-page" role="alert">
      <div className="ks-status-page__card">
        <h1 className="ks-status-page__title">{t('routeError.title')}</h1>
        <p className="ks-status-page__text">{t('routeError.text')}</p>
        <button type="button" className="ks-button ks-button--primary" onClick={reloadPage}>
          <RotateCw aria-hidden="true" size={18} />
          {t('routeError.reload')}
        </button>
      </div>
    </main>
  );
}

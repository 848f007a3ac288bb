import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Outlet } from 'react-router';

import { Header } from './header';
import { useAfterFirstLoad } from './use-after-first-load';

import './main-layout.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The footer is below the fold: its chunk loads beside the page's, not before it. */
const Footer = lazy(async () => {
  const { Footer: PageFooter } = await import(/* webpackChunkName: "footer" */ './footer');
  return { default: PageFooter };
});

/** Live chat on every page: its own chunk, loaded once the page has loaded and is idle. */
const ChatWidget = lazy(async () => {
  const { ChatWidget: Widget } = await import(
    /* webpackChunkName: "chat" */ '@/features/chat/components/chat-widget'
  );
  return { default: Widget };
});

/** Header and footer stay mounted while the pages between them change. */
export function MainLayout() {
  const { t } = useTranslation();
  const chatWanted = useAfterFirstLoad();
  return (
    <div className="ks-shell">
      <a className="ks-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id={MAIN_CONTENT_ID} className="ks-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {chatWanted ? (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      ) : null}
    </div>
  );
}

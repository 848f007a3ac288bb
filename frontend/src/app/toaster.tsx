import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

import { directionOf } from '@/lib/i18n/languages';
import {
  loadSonner,
  subscribeToToastRequests,
  toasterIsListening,
  toastsRequested,
} from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Renders after sonner's `<Toaster>` (effects run in order), so the toaster already listens. */
function ListeningSignal() {
  useEffect(toasterIsListening, []);
  return null;
}

/**
 * The toasts' corner. sonner loads with the first toast (it is not needed to draw a page);
 * it does not mirror itself for right-to-left languages, so the corner is chosen here.
 */
export function AppToaster() {
  const language = useAppStore(selectLanguage);
  const wanted = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!wanted) return null;
  const rtl = directionOf(language) === 'rtl';
  return (
    <Suspense fallback={null}>
      <Toaster
        theme="dark"
        position={rtl ? 'top-left' : 'top-right'}
        dir={rtl ? 'rtl' : 'ltr'}
        richColors
        closeButton
        duration={5000}
        toastOptions={{ className: 'ks-toast' }}
      />
      <ListeningSignal />
    </Suspense>
  );
}

import { useEffect, useState } from 'react';

/** How long an idle moment is waited for at most once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Whether the page has loaded and the browser has then had an idle moment: what is not needed
 * for the first view (the chat launcher) waits for it, so it neither adds to the first load
 * nor competes with the page's own chunks and requests for the network and the main thread.
 */
export function useAfterFirstLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const whenIdle = (): void => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      } else {
        timer = window.setTimeout(() => setReady(true), 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}

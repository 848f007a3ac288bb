import { useEffect, useState } from 'react';

import { countdown } from '../lib/countdown';

/**
 * `mm:ss` left until `deadline`, ticking every second. `serverNow` (the server's clock when
 * the deadline was read) corrects a browser clock that is off.
 */
export function useCountdown(deadline: number | undefined, serverNow?: number): string {
  const [skew] = useState(() => (serverNow === undefined ? 0 : serverNow - Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return deadline === undefined ? '--:--' : countdown(deadline, now + skew);
}

/** A button that stays disabled for `ms` after a click (the pay-now button: no double charge). */
export function useCooldown(ms = 3000): [boolean, () => void] {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return undefined;
    const timer = window.setTimeout(() => setCooling(false), ms);
    return () => window.clearTimeout(timer);
  }, [cooling, ms]);
  return [cooling, () => setCooling(true)];
}

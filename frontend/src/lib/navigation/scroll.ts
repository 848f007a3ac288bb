/** Spec §2: every navigation scrolls to the top, animated over 800 ms. */
export const SCROLL_DURATION_MS = 800;

/** Ease-in-out cubic over t ∈ [0, 1]. */
export function easeInOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return clamped < 0.5 ? 4 * clamped ** 3 : 1 - (-2 * clamped + 2) ** 3 / 2;
}

/** Where the page should be `elapsedMs` into a scroll from `startY` to the top. */
export function scrollPositionAt(startY: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return 0;
  return Math.round(startY * (1 - easeInOutCubic(elapsedMs / durationMs)));
}

export interface ScrollEnvironment {
  getScrollY: () => number;
  scrollTo: (y: number) => void;
  requestFrame: (callback: (time: number) => void) => number;
  cancelFrame: (handle: number) => void;
  now: () => number;
  prefersReducedMotion: () => boolean;
}

export function browserScrollEnvironment(): ScrollEnvironment {
  return {
    getScrollY: () => window.scrollY,
    scrollTo: (y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' }),
    requestFrame: (callback) => window.requestAnimationFrame(callback),
    cancelFrame: (handle) => window.cancelAnimationFrame(handle),
    now: () => performance.now(),
    prefersReducedMotion: () =>
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}

/**
 * Scrolls to the top: instantly when the shopper prefers reduced motion or is already
 * there, else animated over `durationMs`. Returns a function that stops the animation.
 */
export function scrollToTop(
  env: ScrollEnvironment,
  durationMs: number = SCROLL_DURATION_MS,
): () => void {
  const startY = env.getScrollY();
  if (startY <= 0) return () => undefined;
  if (env.prefersReducedMotion() || durationMs <= 0) {
    env.scrollTo(0);
    return () => undefined;
  }
  const startTime = env.now();
  let handle = 0;
  let stopped = false;
  const step = (): void => {
    if (stopped) return;
    const y = scrollPositionAt(startY, env.now() - startTime, durationMs);
    env.scrollTo(y);
    if (y > 0) handle = env.requestFrame(step);
  };
  handle = env.requestFrame(step);
  return () => {
    stopped = true;
    env.cancelFrame(handle);
  };
}

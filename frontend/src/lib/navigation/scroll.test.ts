import { easeInOutCubic, scrollPositionAt, scrollToTop, type ScrollEnvironment } from './scroll';

function fakeEnvironment(startY: number, reducedMotion = false) {
  let now = 0;
  let y = startY;
  const frames: ((time: number) => void)[] = [];
  const positions: number[] = [];
  const env: ScrollEnvironment = {
    getScrollY: () => y,
    scrollTo: (next) => {
      y = next;
      positions.push(next);
    },
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => {
      frames.length = 0;
    },
    now: () => now,
    prefersReducedMotion: () => reducedMotion,
  };
  const advance = (ms: number): void => {
    now += ms;
    const pending = frames.splice(0);
    pending.forEach((frame) => {
      frame(now);
    });
  };
  return { env, positions, advance, frameCount: () => frames.length };
}

describe('scrollToTop', () => {
  it('animates to the top over 800 ms', () => {
    const { env, positions, advance } = fakeEnvironment(1000);
    scrollToTop(env);
    advance(400);
    expect(positions.at(-1)).toBe(500);
    advance(300);
    expect(positions.at(-1)).toBeGreaterThan(0);
    advance(100);
    expect(positions.at(-1)).toBe(0);
  });

  it('jumps at once when the shopper prefers reduced motion', () => {
    const { env, positions, frameCount } = fakeEnvironment(1000, true);
    scrollToTop(env);
    expect(positions).toEqual([0]);
    expect(frameCount()).toBe(0);
  });

  it('does nothing at the top already', () => {
    const { env, positions, frameCount } = fakeEnvironment(0);
    scrollToTop(env);
    expect(positions).toEqual([]);
    expect(frameCount()).toBe(0);
  });

  it('stops when cancelled', () => {
    const { env, positions, advance } = fakeEnvironment(1000);
    const stop = scrollToTop(env);
    advance(100);
    stop();
    advance(800);
    expect(positions).toHaveLength(1);
  });
});

describe('easing', () => {
  it('starts at 0, is half way at the middle and ends at 1', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(scrollPositionAt(800, 800, 800)).toBe(0);
  });
});

import { useEffect, useState } from 'react';

/**
 * False for the first render, true from the frame after the first paint: a page renders what
 * is below the fold one frame later, so the first screen is laid out and painted without it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The next animation frame comes before the paint; a task queued from it runs after.
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

import { ImageOff } from 'lucide-react';
import { useCallback, useState } from 'react';

import './lazy-image.css';

export type ImageRatio = 'cover' | 'wide';

interface LazyImageProps {
  src: string;
  /** Empty for decorative images whose meaning is written next to them. */
  alt: string;
  /** `cover` is 3:4 (box art), `wide` is 16:9 (screenshots, news). */
  ratio: ImageRatio;
  className?: string;
  /**
   * The first screen's images load at once, first among the images, and show as soon as they
   * paint (no fade-in: one of them is usually the page's largest contentful paint); the rest
   * wait until they are near and fade in.
   */
  eager?: boolean;
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * An image in a box of fixed aspect ratio: the box (a soft shimmer) holds the place while
 * the image loads lazily, so nothing jumps; a broken image leaves a quiet placeholder.
 */
export function LazyImage({ src, alt, ratio, className, eager = false }: LazyImageProps) {
  const [state, setState] = useState<LoadState>('loading');
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setState('loading');
  }

  // Native listeners plus a look at `complete`: React sets `src` while committing, and an
  // image from the cache can finish before a React `onLoad` would see it.
  const watch = useCallback((image: HTMLImageElement | null) => {
    if (!image) return undefined;
    const settle = (): void => setState(image.naturalWidth > 0 ? 'loaded' : 'failed');
    const fail = (): void => setState('failed');
    if (image.complete && image.currentSrc !== '') settle();
    image.addEventListener('load', settle);
    image.addEventListener('error', fail);
    return () => {
      image.removeEventListener('load', settle);
      image.removeEventListener('error', fail);
    };
  }, []);

  return (
    <span
      className={['ks-image', `ks-image--${ratio}`, className].filter(Boolean).join(' ')}
      data-state={state}
      data-eager={eager || undefined}
    >
      {state === 'failed' ? (
        <ImageOff className="ks-image__fallback" aria-hidden="true" size={28} />
      ) : (
        <img
          ref={watch}
          className="ks-image__img"
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          draggable={false}
        />
      )}
    </span>
  );
}

import { useEffect, useState } from 'react';

interface PrivateImageProps {
  /** Reads the image with the reader's credentials: an object URL. */
  load: () => Promise<string>;
  alt: string;
  className: string;
  testId: string;
  /** Shown while it loads, or when it cannot be read, in `fallbackClassName`. */
  fallback: string;
  fallbackClassName: string;
}

/**
 * An image only its reader may see (a chat screenshot): fetched with their credentials, shown
 * from an object URL, released when it goes.
 */
export function PrivateImage({
  load,
  alt,
  className,
  testId,
  fallback,
  fallbackClassName,
}: PrivateImageProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let shown: string | null = null;
    load()
      .then((objectUrl) => {
        shown = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      if (shown) URL.revokeObjectURL(shown);
    };
    // The image is its line's: read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return url ? (
    <img className={className} src={url} alt={alt} data-testid={testId} />
  ) : (
    <span className={fallbackClassName}>{fallback}</span>
  );
}

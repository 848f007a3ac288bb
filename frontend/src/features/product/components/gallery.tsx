import { Expand } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import type Viewer from 'viewerjs';

import { LazyImage } from '@/components/ui/lazy-image';

interface GalleryImage {
  src: string;
  alt: string;
  kind: 'cover' | 'screenshot';
}

interface GalleryProps {
  title: string;
  cover: string;
  screenshots: readonly string[];
}

type ViewerLabels = Record<string, string>;

/** The toolbar actions viewerjs draws, with the catalogue key naming each. */
const ACTION_KEYS = {
  'zoom-in': 'product.viewer.zoomIn',
  'zoom-out': 'product.viewer.zoomOut',
  'one-to-one': 'product.viewer.oneToOne',
  reset: 'product.viewer.reset',
  prev: 'product.viewer.previous',
  play: 'product.viewer.play',
  next: 'product.viewer.next',
  'rotate-left': 'product.viewer.rotateLeft',
  'rotate-right': 'product.viewer.rotateRight',
  'flip-horizontal': 'product.viewer.flipHorizontal',
  'flip-vertical': 'product.viewer.flipVertical',
  mix: 'product.viewer.close',
} as const;

function setAttributeIfDifferent(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * viewerjs' own markup fails axe: unnamed toolbar buttons, `aria-selected` on `role=button`
 * thumbnails, `<li role=button>` straight inside lists, a dialog named by an empty title.
 * Name every control in the UI language, mark the current thumbnail with `aria-current`,
 * make the button lists a toolbar and a group, and name the dialog. Idempotent: it runs
 * again whenever viewerjs touches its markup.
 */
export function patchViewerA11y(root: HTMLElement, labels: ViewerLabels): void {
  if (root.hasAttribute('aria-labelledby')) root.removeAttribute('aria-labelledby');
  setAttributeIfDifferent(root, 'aria-label', labels.dialog ?? '');
  root.querySelectorAll('.viewer-toolbar > ul').forEach((toolbar) => {
    setAttributeIfDifferent(toolbar, 'role', 'toolbar');
    setAttributeIfDifferent(toolbar, 'aria-label', labels.toolbar ?? '');
  });
  root.querySelectorAll('.viewer-list').forEach((list) => {
    setAttributeIfDifferent(list, 'role', 'group');
    setAttributeIfDifferent(list, 'aria-label', labels.thumbnails ?? '');
  });
  root.querySelectorAll<HTMLElement>('[data-viewer-action]').forEach((element) => {
    const label = labels[element.dataset.viewerAction ?? ''];
    if (label && element.dataset.viewerAction !== 'view') {
      setAttributeIfDifferent(element, 'aria-label', label);
    }
  });
  root.querySelectorAll('.viewer-list [role="button"]').forEach((item) => {
    if (item.hasAttribute('aria-selected')) {
      item.removeAttribute('aria-selected');
      setAttributeIfDifferent(item, 'aria-current', 'true');
    } else if (!item.classList.contains('viewer-active') && item.hasAttribute('aria-current')) {
      item.removeAttribute('aria-current');
    }
  });
}

/** The viewer's own element (viewerjs keeps it on the instance, untyped). */
function containerOf(viewer: Viewer): HTMLElement | null {
  const candidate: unknown = Reflect.get(viewer, 'viewer');
  return candidate instanceof HTMLElement ? candidate : null;
}

/**
 * The cover and the screenshots: a large view with thumbnails below; the large view opens
 * viewerjs (loaded on first use, only on this route) as a modal with zoom, rotation,
 * flipping, a navbar, a title, tooltips, full screen and keyboard control.
 */
export function Gallery({ title, cover, screenshots }: GalleryProps) {
  const { t } = useTranslation();
  // Viewer order: the cover, then the screenshots.
  const images: GalleryImage[] = [
    { src: cover, alt: t('product.gallery.coverAlt', { title }), kind: 'cover' },
    ...screenshots.map((src, index): GalleryImage => ({
      src,
      alt: t('product.gallery.screenshotAlt', {
        title,
        index: index + 1,
        count: screenshots.length,
      }),
      kind: 'screenshot',
    })),
  ];
  const [selected, setSelected] = useState(1);
  const [opening, setOpening] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const observerRef = useRef<MutationObserver | null>(null);
  const imagesKey = images.map((image) => image.src).join('|');
  const main = images[selected] ?? images[1];

  // A new product (or language) needs a new viewer over the new images.
  useEffect(
    () => () => {
      observerRef.current?.disconnect();
      observerRef.current = null;
      viewerRef.current?.destroy();
      viewerRef.current = null;
    },
    [imagesKey, t],
  );

  const openViewer = async (index: number): Promise<void> => {
    const list = listRef.current;
    if (!list) return;
    if (!viewerRef.current) {
      setOpening(true);
      try {
        const [{ default: ViewerClass }] = await Promise.all([
          import(/* webpackChunkName: "viewer" */ 'viewerjs'),
          import(/* webpackChunkName: "viewer" */ 'viewerjs/dist/viewer.css'),
        ]);
        const reduceMotion =
          typeof window.matchMedia === 'function' &&
          window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        const labels: ViewerLabels = {
          ...Object.fromEntries(
            Object.entries(ACTION_KEYS).map(([action, key]) => [action, t(key)]),
          ),
          dialog: t('product.viewer.dialog', { title }),
          toolbar: t('product.viewer.toolbar'),
          thumbnails: t('product.gallery.thumbnails'),
        };
        // viewerjs builds its modal (outside React) on first show and rewrites attributes as
        // it goes; a mutation observer re-applies the patch before anything else can run.
        const patch = (): void => {
          const root = viewerRef.current ? containerOf(viewerRef.current) : null;
          if (!root) return;
          patchViewerA11y(root, labels);
          if (!observerRef.current) {
            observerRef.current = new MutationObserver(() => patchViewerA11y(root, labels));
            observerRef.current.observe(root, {
              subtree: true,
              childList: true,
              attributes: true,
              attributeFilter: ['aria-selected', 'aria-labelledby', 'role'],
            });
          }
        };
        viewerRef.current = new ViewerClass(list, {
          inline: false,
          button: true,
          navbar: true,
          title: true,
          toolbar: true,
          tooltip: true,
          movable: true,
          zoomable: true,
          rotatable: true,
          scalable: true,
          transition: !reduceMotion,
          fullscreen: true,
          keyboard: true,
          zIndex: 2000,
          ready: patch,
          shown: patch,
          viewed: patch,
        });
      } finally {
        setOpening(false);
      }
    }
    viewerRef.current.view(index);
  };

  return (
    <div
      className="ks-gallery"
      data-testid="gallery"
      data-has-screenshots={Boolean(main) || undefined}
    >
      <button
        type="button"
        className="ks-gallery__cover"
        aria-label={t('product.gallery.openImage', {
          image: t('product.gallery.coverAlt', { title }),
        })}
        onClick={() => void openViewer(0)}
      >
        <LazyImage src={cover} alt="" ratio="cover" eager />
      </button>
      {main ? (
        <button
          type="button"
          className="ks-gallery__main"
          aria-label={t('product.gallery.openImage', { image: main.alt })}
          aria-busy={opening || undefined}
          data-testid="gallery-open"
          onClick={() => void openViewer(selected)}
        >
          <LazyImage src={main.src} alt="" ratio="wide" eager />
          <span className="ks-gallery__hint" aria-hidden="true">
            <Expand size={16} />
          </span>
        </button>
      ) : null}
      {screenshots.length > 1 ? (
        <div
          className="ks-gallery__thumbs"
          role="group"
          aria-label={t('product.gallery.thumbnails')}
        >
          {images.slice(1).map((image, offset) => (
            <button
              key={image.src}
              type="button"
              className="ks-gallery__thumb"
              aria-label={image.alt}
              aria-pressed={offset + 1 === selected}
              onClick={() => setSelected(offset + 1)}
            >
              <LazyImage src={image.src} alt="" ratio="wide" />
            </button>
          ))}
        </div>
      ) : null}
      {/* The images viewerjs shows, in viewer order; never displayed on the page itself. */}
      <ul ref={listRef} hidden>
        {images.map((image) => (
          <li key={image.src}>
            <img src={image.src} alt={image.alt} loading="lazy" />
          </li>
        ))}
      </ul>
    </div>
  );
}

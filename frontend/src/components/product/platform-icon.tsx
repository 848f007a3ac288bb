import type { ReactNode } from 'react';

import { isPlatform, type PlatformCode } from '@/lib/catalog/codes';

interface Glyph {
  /** Tile colour behind the white glyph. */
  background: string;
  glyph: ReactNode;
}

const WHITE = '#fff';

function Monogram({ text, size = 9 }: { text: string; size?: number }) {
  return (
    <text
      x="12"
      y="12.5"
      fill={WHITE}
      fontFamily="Inter, system-ui, sans-serif"
      fontSize={size}
      fontWeight="800"
      textAnchor="middle"
      dominantBaseline="middle"
      letterSpacing="-0.3"
    >
      {text}
    </text>
  );
}

/** Simple local glyphs in each platform's colour: recognisable, not the trademarks' artwork. */
const GLYPHS: Readonly<Record<PlatformCode, Glyph>> = {
  steam: {
    background: '#1b2838',
    glyph: (
      <g fill="none" stroke={WHITE} strokeWidth="1.8">
        <circle cx="14.5" cy="9.5" r="3.5" />
        <circle cx="8.5" cy="15.5" r="2.2" />
        <path d="M10.3 14.2 12.2 12.4" strokeLinecap="round" />
      </g>
    ),
  },
  epic: { background: '#2f2d2e', glyph: <Monogram text="E" size={12} /> },
  gog: { background: '#86328a', glyph: <Monogram text="GOG" size={7.5} /> },
  xbox: {
    background: '#107c10',
    glyph: (
      <g fill="none" stroke={WHITE} strokeWidth="1.8" strokeLinecap="round">
        <circle cx="12" cy="12" r="7" />
        <path d="M8.5 8.5 15.5 15.5M15.5 8.5 8.5 15.5" />
      </g>
    ),
  },
  playstation: { background: '#0070d1', glyph: <Monogram text="PS" size={9.5} /> },
  nintendo: {
    background: '#e60012',
    glyph: (
      <g fill="none" stroke={WHITE} strokeWidth="1.7">
        <rect x="5" y="6.5" width="14" height="11" rx="3.5" />
        <path d="M12 6.5v11" />
        <circle cx="8.6" cy="10" r="1" fill={WHITE} stroke="none" />
        <circle cx="15.4" cy="14" r="1" fill={WHITE} stroke="none" />
      </g>
    ),
  },
  'ea-app': { background: '#ff4747', glyph: <Monogram text="EA" size={9.5} /> },
  'ubisoft-connect': {
    background: '#0070ff',
    glyph: (
      <g fill="none" stroke={WHITE} strokeWidth="1.8" strokeLinecap="round">
        <path d="M18.5 12a6.5 6.5 0 1 1-3.2-5.6" />
        <path d="M15 12a3 3 0 1 1-1.6-2.65" />
      </g>
    ),
  },
  'battle-net': { background: '#148eff', glyph: <Monogram text="B" size={12} /> },
  'microsoft-store': {
    background: '#0067b8',
    glyph: (
      <g fill={WHITE}>
        <rect x="6" y="6" width="5.5" height="5.5" />
        <rect x="12.5" y="6" width="5.5" height="5.5" />
        <rect x="6" y="12.5" width="5.5" height="5.5" />
        <rect x="12.5" y="12.5" width="5.5" height="5.5" />
      </g>
    ),
  },
  rockstar: {
    background: '#e89a00',
    glyph: (
      <path
        fill={WHITE}
        d="m12 5.2 1.9 4.3 4.6.4-3.5 3 1.1 4.6L12 15l-4.1 2.5L9 12.9l-3.5-3 4.6-.4Z"
      />
    ),
  },
};

const FALLBACK: Glyph = {
  background: '#3a4154',
  glyph: (
    <g fill="none" stroke={WHITE} strokeWidth="1.8">
      <rect x="6" y="8" width="12" height="8" rx="3" />
    </g>
  ),
};

interface PlatformIconProps {
  code: string;
  size?: number;
  className?: string;
}

/** A platform's logo tile; decorative, the platform's name is written next to it. */
export function PlatformIcon({ code, size = 20, className }: PlatformIconProps) {
  const { background, glyph } = isPlatform(code) ? GLYPHS[code] : FALLBACK;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={['ks-platform-icon', className].filter(Boolean).join(' ')}
      data-platform={code}
    >
      <rect width="24" height="24" rx="6" fill={background} />
      {glyph}
    </svg>
  );
}

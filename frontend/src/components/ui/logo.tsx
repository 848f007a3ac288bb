import { useId } from 'react';

/** The brand mark (a key in a rounded square), the same drawing as the favicon. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="ks-logo-mark"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#927bff" />
          <stop offset="1" stopColor="#5b3df5" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <circle cx="24" cy="32" r="10" fill="none" stroke="#fff" strokeWidth="5" />
      <path
        d="M33 32h20M46 32v8M53 32v6"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

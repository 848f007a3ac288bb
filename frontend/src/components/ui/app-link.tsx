import type { MouseEvent } from 'react';
import { Link, useLocation, useResolvedPath, type LinkProps } from 'react-router';

import { isSamePlace } from '@/lib/navigation/same-place';

/**
 * The SPA's link: a react-router `Link` whose click does nothing when it points at the place
 * the shopper is already at (same path, query and hash), so no history entry, scroll or
 * refetch happens. Every internal link goes through it.
 */
export function AppLink({ to, onClick, ...rest }: LinkProps) {
  const location = useLocation();
  const target = useResolvedPath(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    if (!event.defaultPrevented && isSamePlace(location, target)) event.preventDefault();
  };
  return <Link to={to} onClick={handleClick} {...rest} />;
}

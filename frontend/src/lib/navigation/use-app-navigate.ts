import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

import { isSamePlace } from './same-place';

/** `navigate()` that ignores a navigation to the place the shopper is already at. */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (isSamePlace(location, to)) return;
      void navigate(to, options);
    },
    [location, navigate],
  );
}

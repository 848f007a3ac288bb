import { useCallback } from 'react';

import { formatMoney, type MinorUnits } from '@/lib/money';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency } from '@/stores/selectors';

/** The money formatter bound to the shopper's chosen currency; re-renders on a switch. */
export function useFormatMoney(): (usdMinorUnits: MinorUnits) => string {
  const currency = useAppStore(selectCurrency);
  return useCallback(
    (usdMinorUnits: MinorUnits) => formatMoney(usdMinorUnits, currency),
    [currency],
  );
}

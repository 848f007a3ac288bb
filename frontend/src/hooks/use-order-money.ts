import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import { formatMoney } from '@/lib/money';
import { useAppStore } from '@/stores/app-store';

/**
 * Formats minor units of an order's own currency (no conversion: the rate was locked at
 * checkout) with the currency's symbol, as every other amount in the store is shown.
 */
export function useOrderMoney(): (minor: number, code: string) => string {
  const language = useAppStore((state) => state.language);
  const rates = useQuery({
    queryKey: ['site', 'rates', language],
    queryFn: ({ signal }) => api.get('/prod-api/api/home/rate', { signal }),
    staleTime: 10 * 60 * 1000,
  });
  return (minor, code) => {
    const symbol = rates.data?.find((currency) => currency.code === code)?.symbol ?? `${code} `;
    return formatMoney(minor, { symbol, rate: 1 });
  };
}

import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { CurrencyDto } from '@/api/types';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
} from '@/components/ui/menu';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency, selectSetCurrency } from '@/stores/selectors';

import { useRates } from '../api/get-rates';

function toRecord(currency: CurrencyDto) {
  return { code: currency.code, symbol: currency.symbol, rate: currency.rate };
}

/**
 * Lists the currencies of `/api/home/rate` as symbol + code. A pick stores
 * `{code, symbol, rate}`, and every amount on screen re-renders through the money formatter.
 * When fresh rates arrive, the stored record of the chosen currency is brought up to date.
 */
export function CurrencySwitcher() {
  const { t } = useTranslation();
  const currency = useAppStore(selectCurrency);
  const setCurrency = useAppStore(selectSetCurrency);
  const rates = useRates();

  useEffect(() => {
    const fresh = rates.data?.find((item) => item.code === currency.code);
    if (fresh && (fresh.rate !== currency.rate || fresh.symbol !== currency.symbol)) {
      setCurrency(toRecord(fresh));
    }
  }, [rates.data, currency, setCurrency]);

  const choose = (code: string): void => {
    const picked = rates.data?.find((item) => item.code === code);
    if (picked && picked.code !== currency.code) setCurrency(toRecord(picked));
  };

  return (
    <Menu>
      <MenuTrigger
        aria-label={t('header.currencyButton', { currency: currency.code })}
        data-testid="currency-switcher"
      >
        <span className="ks-menu-trigger__symbol" aria-hidden="true">
          {currency.symbol}
        </span>
        <span className="ks-menu-trigger__code">{currency.code}</span>
        <ChevronDown aria-hidden="true" size={16} className="ks-menu-trigger__chevron" />
      </MenuTrigger>
      <MenuContent className="ks-menu--currencies">
        <MenuLabel>{t('header.currency')}</MenuLabel>
        {rates.data ? (
          <MenuRadioGroup value={currency.code} onValueChange={choose}>
            {rates.data.map((item) => (
              <MenuRadioItem key={item.code} value={item.code} textValue={item.code}>
                <span className="ks-currency-option">
                  <span className="ks-currency-option__symbol" aria-hidden="true">
                    {item.symbol}
                  </span>
                  <span className="ks-currency-option__code">{item.code}</span>
                  <span className="ks-currency-option__name">{item.name}</span>
                </span>
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        ) : (
          <MenuItem disabled>
            {rates.isError ? t('header.currencyUnavailable') : t('header.currencyLoading')}
          </MenuItem>
        )}
      </MenuContent>
    </Menu>
  );
}

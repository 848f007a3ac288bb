import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ConsoleCurrencyDto } from '@/api/types';
import { FormAlert, TextField, errorText } from '@/components/ui/form-field';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { setCurrencyRate, staffCurrencies } from '../api/content';
import { useDateTime } from '../lib/format';

const CURRENCIES_KEY = ['staff', 'currencies'] as const;

/** A currency's name in the console's language ("ユーロ"), else the store's. */
function useCurrencyName(): (currency: ConsoleCurrencyDto) => string {
  const language = useAppStore((state) => state.language);
  return (currency) => {
    try {
      const names = new Intl.DisplayNames([LANGUAGES[language].htmlLang], { type: 'currency' });
      return names.of(currency.code) ?? currency.name;
    } catch {
      return currency.name;
    }
  };
}

/** One currency's rate to the US dollar, saved on its own. */
function RateRow({ currency }: { currency: ConsoleCurrencyDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const nameOf = useCurrencyName();
  const queryClient = useQueryClient();
  const [rate, setRate] = useState(currency.rate);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => setCurrencyRate(currency.code, rate),
    onSuccess: async (saved) => {
      notify.success(t('staff.currencies.saved', { code: currency.code }));
      setRate(saved.rate);
      setError(undefined);
      await queryClient.invalidateQueries({ queryKey: CURRENCIES_KEY });
    },
    onError: (failed) =>
      setError(
        failed instanceof ApiError ? (failed.fieldErrors.rate ?? failed.msgKey) : failed.message,
      ),
  });
  const base = currency.code === 'USD';
  return (
    <form
      className="ks-staff__rate"
      data-testid="staff-currency"
      data-code={currency.code}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <p className="ks-staff__rate-name">
        <span className="ks-staff__code">{currency.code}</span> {currency.symbol} ·{' '}
        {nameOf(currency)}
      </p>
      <TextField
        label={t('staff.currencies.rate', { code: currency.code })}
        inputMode="decimal"
        value={rate}
        disabled={base}
        onChange={(event) => setRate(event.target.value)}
        error={error}
        hint={
          base
            ? t('staff.currencies.base')
            : currency.updatedAt > 0
              ? t('staff.currencies.updated', { when: formatDateTime(currency.updatedAt) })
              : undefined
        }
        dir="ltr"
        testId="staff-currency-rate"
      />
      {base ? null : (
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--secondary ks-button--small"
            disabled={save.isPending || rate === currency.rate}
            data-testid="staff-currency-save"
          >
            <Save size={16} aria-hidden />
            {t('staff.settings.save')}
          </button>
        </div>
      )}
    </form>
  );
}

/** The currencies the shop sells in, each with its rate to the US dollar. */
export function CurrencyRates() {
  const { t } = useTranslation();
  const currencies = useQuery({ queryKey: CURRENCIES_KEY, queryFn: staffCurrencies });
  return (
    <div className="ks-staff__card ks-staff__section" data-testid="staff-currencies">
      <p className="ks-staff__intro">{t('staff.currencies.intro')}</p>
      {currencies.isError ? (
        <FormAlert>
          {currencies.error instanceof ApiError
            ? errorText(currencies.error.msgKey)
            : currencies.error.message}
        </FormAlert>
      ) : null}
      <div className="ks-staff__rates">
        {currencies.data?.map((currency) => (
          <RateRow key={currency.code} currency={currency} />
        ))}
      </div>
    </div>
  );
}

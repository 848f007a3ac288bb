import type { ConsoleMethodDto } from '@/api/types';

import { basisPointsOf, bodyOfMethod, centsOf, formOfMethod } from './payment-form';

const card: ConsoleMethodDto = {
  code: 'stripe-card',
  provider: 'stripe',
  currencies: ['USD', 'EUR'],
  feeBasisPoints: 290,
  feeFixedUsd: 30,
  enabled: true,
  version: 3,
  fees: [{ currency: 'EUR', feeBasisPoints: 150, feeFixedUsd: 25 }],
  providerReady: true,
};

describe('the payment method form', () => {
  it('reads fees as percentages and dollars and writes them back as basis points and cents', () => {
    const form = formOfMethod(card);
    expect(form).toMatchObject({ currencies: 'USD, EUR', percent: '2.9', fixed: '0.30' });
    form.currencies = 'usd eur,gbp';
    const result = bodyOfMethod(form, card.version);
    if (!('body' in result)) throw new Error('expected a body');
    expect(result.body).toEqual({
      version: 3,
      enabled: true,
      currencies: ['USD', 'EUR', 'GBP'],
      feeBasisPoints: 290,
      feeFixedUsd: 30,
      fees: [{ currency: 'EUR', feeBasisPoints: 150, feeFixedUsd: 25 }],
    });
  });

  it('names what is not a number before sending', () => {
    const form = formOfMethod(card);
    form.percent = 'lots';
    form.fees = [{ currency: 'eur', percent: '1.5', fixed: '-1' }];
    expect(bodyOfMethod(form, 3)).toEqual({
      errors: { feeBasisPoints: 'api.field.invalid', 'fees[0].feeFixedUsd': 'api.field.invalid' },
    });
    expect(basisPointsOf('2,5')).toBe(250);
    expect(centsOf('0.305')).toBeNull();
  });
});

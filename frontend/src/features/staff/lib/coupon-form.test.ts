import type { CouponDto } from '@/api/types';

import { EMPTY_COUPON, bodyOf, formOf, majorText, minorUnits, parseAmounts } from './coupon-form';

describe('the coupon form', () => {
  it('reads amounts with or without cents', () => {
    expect(minorUnits('4.5')).toBe(450);
    expect(minorUnits(' 12,05 ')).toBe(1205);
    expect(minorUnits('7')).toBe(700);
    expect(minorUnits('4.567')).toBeNull();
    expect(minorUnits('-1')).toBeNull();
    expect(majorText(450)).toBe('4.50');
    expect(parseAmounts('eur 4.50\n\nJPY:700')).toEqual({ EUR: 450, JPY: 70000 });
    expect(parseAmounts('EURO 4')).toBeNull();
    expect(parseAmounts('EUR 0')).toBeNull();
  });

  it('sends what was typed, and names the fields it cannot read', () => {
    const form = {
      ...EMPTY_COUPON,
      code: ' spring ',
      kind: 'fixed' as const,
      amount: '5',
      fixedAmounts: 'EUR 4.50',
      usageLimit: '100',
      productIds: '12, 7',
      productTypes: ['dlc' as const],
    };
    const sent = bodyOf(form, 3);
    expect('body' in sent && sent.body).toMatchObject({
      code: 'spring',
      kind: 'fixed',
      amount: 500,
      fixedAmounts: { EUR: 450 },
      usageLimit: 100,
      productIds: [12, 7],
      productTypes: ['dlc'],
      version: 3,
    });
    expect('body' in sent && [sent.body.perBuyerLimit, sent.body.endsAt]).toEqual([
      undefined,
      undefined,
    ]);
    expect(
      bodyOf({ ...form, amount: '', fixedAmounts: 'x', productIds: 'a', usageLimit: '1.5' }),
    ).toEqual({
      errors: {
        amount: 'api.field.required',
        fixedAmounts: 'staff.coupons.badAmounts',
        productIds: 'api.field.invalid',
        usageLimit: 'api.field.notANumber',
      },
    });
  });

  it('shows a saved coupon as it was typed', () => {
    const coupon: CouponDto = {
      code: 'SPRING',
      kind: 'fixed',
      amount: 500,
      fixedAmounts: { EUR: 450 },
      minGoodsUsd: 2000,
      startsAt: 0,
      endsAt: null,
      usageLimit: 100,
      perBuyerLimit: null,
      productIds: [7],
      productTypes: [],
      disabled: false,
      version: 2,
      used: 1,
      paidOrders: 1,
      revenueUsd: 999,
      createdAt: 1,
    };
    expect(formOf(coupon)).toEqual({
      ...EMPTY_COUPON,
      code: 'SPRING',
      kind: 'fixed',
      amount: '5.00',
      fixedAmounts: 'EUR 4.50',
      minGoods: '20.00',
      usageLimit: '100',
      productIds: '7',
    });
  });
});

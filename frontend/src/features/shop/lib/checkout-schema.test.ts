import { checkoutSchema, validContact, validPoints } from './checkout-schema';

const valid = {
  email: 'buyer@example.com',
  contact: '+49 30 901820',
  note: '',
  coupon: 'WELCOME10',
  paymentMethod: 'sandbox-card',
  billingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '+49 30 901820',
    address: 'Unter den Linden 1',
    city: 'Berlin',
    province: '',
    zip: '10117',
    country: 'DE',
  },
  usePoints: false,
  points: '',
};

function errorsOf(values: typeof valid): Record<string, string> {
  const result = checkoutSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the checkout form', () => {
  it('accepts a filled form and an empty contact', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, contact: '', coupon: '' })).toEqual({});
  });

  it('says what is wrong with the server’s message keys', () => {
    expect(
      errorsOf({
        ...valid,
        email: 'nope',
        contact: 'call me',
        coupon: 'no spaces',
        paymentMethod: '',
        billingAddress: { ...valid.billingAddress, firstName: ' ', country: '' },
      }),
    ).toEqual({
      email: 'api.member.emailInvalid',
      contact: 'api.order.contactInvalid',
      coupon: 'api.order.couponNotFound',
      paymentMethod: 'api.order.methodRequired',
      'billingAddress.firstName': 'api.field.required',
      'billingAddress.country': 'api.field.required',
    });
  });

  it('checks contact numbers like the server', () => {
    expect(validContact('(030) 901-820')).toBe(true);
    expect(validContact('12345')).toBe(false);
    expect(validContact('+1'.padEnd(23, '5'))).toBe(false);
  });

  it('takes points as a whole number, empty for none', () => {
    expect(['', '0', '1500', ' 250 ', '999999999999'].every(validPoints)).toBe(true);
    expect(['-5', '1.5', 'abc', '1e3', '1000000000000'].some(validPoints)).toBe(false);
    expect(errorsOf({ ...valid, usePoints: true, points: 'lots' })).toEqual({
      points: 'api.field.notANumber',
    });
  });
});

import { paymentTarget } from './redirect';

describe('paymentTarget', () => {
  it('leaves the store for a provider page', () => {
    expect(paymentTarget('https://checkout.stripe.com/c/pay/cs_1', '/bill-pay')).toEqual({
      external: true,
      url: 'https://checkout.stripe.com/c/pay/cs_1',
    });
  });

  it('stays in the store for the sandbox page', () => {
    expect(paymentTarget('/bill-pay?session=ps_1&order=KS1', '/x')).toEqual({
      external: false,
      path: '/bill-pay?session=ps_1&order=KS1',
    });
  });

  it('never follows anything else', () => {
    for (const url of ['', 'javascript:alert(1)', '//evil.example/x', 'data:text/html,x']) {
      expect(paymentTarget(url, '/bill-pay?session=ps_1')).toEqual({
        external: false,
        path: '/bill-pay?session=ps_1',
      });
    }
  });
});

import { orderToken, rememberOrderToken, tokenFromHash } from './order-tokens';

describe('order tokens', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers a token per order for this tab', () => {
    expect(orderToken('KS1')).toBeNull();
    rememberOrderToken('KS1', 'abc123abc123abc123');
    rememberOrderToken('KS2', '');
    expect(orderToken('KS1')).toBe('abc123abc123abc123');
    expect(orderToken('KS2')).toBeNull();
  });

  it('reads the token of an e-mail link fragment, nothing else', () => {
    expect(tokenFromHash('#token=0123456789abcdef0123')).toBe('0123456789abcdef0123');
    expect(tokenFromHash('#token=<script>')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });
});

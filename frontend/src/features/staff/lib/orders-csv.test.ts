import type { OrderDto } from '@/api/types';

import { ordersCsv } from './orders-csv';

const ORDER = {
  orderNo: 'KS1',
  createdAt: Date.UTC(2026, 10, 24, 10),
  state: 'paid',
  email: 'ann@example.com',
  currency: 'EUR',
  realAmount: 1839,
  lines: [{ quantity: 2, title: 'Crimson "Frontier"' }],
} as unknown as OrderDto;

describe('the orders CSV', () => {
  it('has a header and a quoted row per order', () => {
    const csv = ordersCsv([ORDER]);
    expect(csv.split('\r\n')[0]).toBe(
      '"orderNo","createdAt","state","email","currency","total","products"',
    );
    expect(csv.split('\r\n')[1]).toBe(
      '"KS1","2026-11-24T10:00:00.000Z","paid","ann@example.com","EUR","18.39","2 × Crimson ""Frontier"""',
    );
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    const csv = ordersCsv([{ ...ORDER, email: '=HYPERLINK("x")' }]);
    expect(csv).toContain('"\'=HYPERLINK(""x"")"');
  });
});

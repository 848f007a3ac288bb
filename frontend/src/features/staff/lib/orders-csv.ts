import type { OrderDto } from '@/api/types';

/** A CSV field: quoted, quotes doubled, and a leading =, +, - or @ defused for spreadsheets. */
function field(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The orders as CSV: one row each (number, placed, state, e-mail, currency, total, products). */
export function ordersCsv(orders: readonly OrderDto[]): string {
  const header = ['orderNo', 'createdAt', 'state', 'email', 'currency', 'total', 'products'];
  const rows = orders.map((order) => [
    order.orderNo,
    new Date(order.createdAt).toISOString(),
    order.state,
    order.email,
    order.currency,
    (order.realAmount / 100).toFixed(2),
    order.lines.map((line) => `${String(line.quantity)} × ${line.title}`).join('; '),
  ]);
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

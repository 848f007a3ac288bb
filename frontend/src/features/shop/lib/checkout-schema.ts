import * as z from 'zod/mini';

import { memberEmail } from '@/lib/forms/member-rules';
import { postalAddressShape } from '@/lib/forms/postal-address';

/** The server's limits of the checkout form (order service, `domain::checkout`). */
export const CHECKOUT_LIMITS = { note: 500, coupon: 32 } as const;

/** The points a member offers, as typed: whole, not negative, at most 12 digits; empty is none. */
export function validPoints(value: string): boolean {
  return /^\d{0,12}$/.test(value.trim());
}

/** A contact number: optional; else 6 to 20 digits, an optional `+`, and spaces . - ( ) between. */
export function validContact(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  const rest = trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  if (!/^[\d .\-()]*$/.test(rest)) return false;
  const digits = rest.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
}

/** The browser's check of the checkout form: the same rules and message keys as the server. */
export const checkoutSchema = z.object({
  email: memberEmail(),
  contact: z.string().check(z.refine(validContact, 'api.order.contactInvalid')),
  note: z.string().check(z.maxLength(CHECKOUT_LIMITS.note, 'api.error.validation')),
  coupon: z
    .string()
    .check(
      z.refine(
        (value) =>
          value.trim().length <= CHECKOUT_LIMITS.coupon && /^[A-Za-z0-9-]*$/.test(value.trim()),
        'api.order.couponNotFound',
      ),
    ),
  paymentMethod: z.string().check(z.minLength(1, 'api.order.methodRequired')),
  billingAddress: z.object(postalAddressShape),
  /** A member pays with points: `usePoints` on, at most `points` of them. */
  usePoints: z.boolean(),
  points: z.string().check(z.refine(validPoints, 'api.field.notANumber')),
});

export type CheckoutValues = z.infer<typeof checkoutSchema>;

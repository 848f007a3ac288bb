import * as z from 'zod/mini';

/**
 * The field rules the member calls share, with the server's limits and message keys (the
 * member HTTP contract). The browser checks what it can know (required, lengths, equal
 * passwords, ticked terms); formats that depend on data (a phone number or a zip code for
 * a country) are left to the server, which is the authority, and its 400 lands on the field.
 */
export const MEMBER_LIMITS = {
  fullName: 60,
  passwordMin: 6,
  passwordMax: 128,
} as const;

/** Length in characters (code points), as the server counts them; not UTF-16 units. */
export function charCount(value: string): number {
  return Array.from(value).length;
}

/** At most `max` characters (`api.field.tooLong`). */
export function maxChars(max: number, message = 'api.field.tooLong') {
  return z.refine<string>((value) => charCount(value) <= max, message);
}

/** Trimmed, required (`api.field.required`) and at most `max` characters. */
export function requiredText(max: number) {
  return z.string().check(z.trim(), z.minLength(1, 'api.field.required'), maxChars(max));
}

/** Trimmed, optional, at most `max` characters. */
export function optionalText(max: number) {
  return z.string().check(z.trim(), maxChars(max));
}

/** The e-mail of an account: required, then well-formed (`api.member.emailInvalid`). */
export function memberEmail() {
  return z
    .string()
    .check(z.trim(), z.minLength(1, 'api.field.required'), z.email('api.member.emailInvalid'));
}

/** The member's full name: required, at most 60 characters. */
export function fullName() {
  return requiredText(MEMBER_LIMITS.fullName);
}

/** A new password: required, then 6 to 128 characters (`api.member.passwordLength`). Not trimmed. */
export function newPassword() {
  return z.string().check(
    z.minLength(1, 'api.field.required'),
    z.refine<string>((value) => {
      const length = charCount(value);
      return length >= MEMBER_LIMITS.passwordMin && length <= MEMBER_LIMITS.passwordMax;
    }, 'api.member.passwordLength'),
  );
}

/** A password the member already has (sign-in, old password): only required. */
export function currentPassword() {
  return z.string().check(z.minLength(1, 'api.field.required'));
}

/** The captcha's answer: required (`api.captcha.required`). */
export function captchaCode() {
  return z.string().check(z.trim(), z.minLength(1, 'api.captcha.required'));
}

/** The object check that `confirmPassword` repeats `password` (`api.member.passwordMismatch`). */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>() {
  return z.refine<T>((values) => values.password === values.confirmPassword, {
    message: 'api.member.passwordMismatch',
    path: ['confirmPassword'],
  });
}

/** The first message key of each field a schema rejects (for tests and summaries). */
export function firstErrors(
  schema: z.ZodMiniType,
  values: unknown,
): Partial<Record<string, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

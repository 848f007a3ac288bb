import * as z from 'zod/mini';

/** The server's limits for a review (same numbers, same message keys). */
export const REVIEW_LIMITS = { fullName: 60, content: 2000 } as const;

/**
 * The review form's rules, mirroring the gateway's: full name and content are required
 * (`api.field.required`) and bounded (`api.field.tooLong`), the e-mail must be an address
 * (`api.field.email`), the stars a whole number from 1 to 5 (`api.field.stars`). Errors
 * carry the catalogue key; the form translates it.
 */
export const reviewSchema = z.object({
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'api.field.required'),
      z.maxLength(REVIEW_LIMITS.fullName, 'api.field.tooLong'),
    ),
  email: z.string().check(z.trim(), z.email('api.field.email')),
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'api.field.required'),
      z.maxLength(REVIEW_LIMITS.content, 'api.field.tooLong'),
    ),
  stars: z
    .number()
    .check(z.int('api.field.stars'), z.gte(1, 'api.field.stars'), z.lte(5, 'api.field.stars')),
});

export type ReviewFormValues = z.input<typeof reviewSchema>;
export type ReviewInput = z.output<typeof reviewSchema>;

export const EMPTY_REVIEW: ReviewFormValues = { fullName: '', email: '', content: '', stars: 0 };

/** The catalogue key of each field's first problem (for tests and the form). */
export function reviewErrors(
  values: ReviewFormValues,
): Partial<Record<keyof ReviewFormValues, string>> {
  const result = reviewSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof ReviewFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ReviewFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

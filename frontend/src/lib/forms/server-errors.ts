import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { ApiError } from '@/lib/http/envelope';

/**
 * Puts the field errors of a 400 (`data.fields`: field → msgKey) on a react-hook-form
 * form: each error's message is the msgKey (the field component translates it), and the
 * first field, in the form's order, gets the focus. Fields the form does not show are left
 * out. Returns the names it set: an empty list tells the caller to show the error itself.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): FieldPath<T>[] {
  if (!(error instanceof ApiError) || error.code !== 400) return [];
  const serverFields = error.fieldErrors;
  const applied: FieldPath<T>[] = [];
  for (const field of fields) {
    const key = serverFields[field];
    if (key === undefined) continue;
    setError(field, { type: 'server', message: key }, { shouldFocus: applied.length === 0 });
    applied.push(field);
  }
  return applied;
}

/** The server's msgKey for one field of a 400, if it sent one. */
export function serverFieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 400) return null;
  return error.fieldErrors[field] ?? null;
}

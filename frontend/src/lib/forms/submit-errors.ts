import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { applyServerFieldErrors } from './server-errors';
import { i18n } from '@/lib/i18n/i18n';

/**
 * What a failed submit shows: the server's field errors on their fields, else its message
 * above the button (the form's alert). Returns that message, or null when fields took it.
 */
export function submitError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  if (applyServerFieldErrors(error, setError, fields).length > 0) return null;
  return error instanceof Error && error.message !== ''
    ? error.message
    : i18n.t('toast.error.default');
}

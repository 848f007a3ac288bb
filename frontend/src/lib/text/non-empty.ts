/** `value` when it has more than white space, else null (a setting left blank falls back). */
export function nonEmpty(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

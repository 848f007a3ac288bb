import { i18n, translateIfKnown } from '@/lib/i18n/i18n';

import { retryAfterOf, type Envelope } from './envelope';

/**
 * The text of an error toast: the catalogue's `msgKey` text, else `msg`, else a default.
 * A 429's `retryAfter` fills the text's `{{seconds}}`.
 */
export function errorMessageOf(envelope: Partial<Envelope<unknown>>): string {
  const seconds = retryAfterOf(envelope.data);
  const translated = translateIfKnown(envelope.msgKey, seconds === null ? undefined : { seconds });
  if (translated) return translated;
  if (typeof envelope.msg === 'string' && envelope.msg.trim() !== '') return envelope.msg;
  return i18n.t('toast.error.default');
}

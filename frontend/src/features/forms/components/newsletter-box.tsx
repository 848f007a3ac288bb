import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import * as z from 'zod/mini';

import { errorText } from '@/components/ui/form-field';
import { serverFieldError } from '@/lib/forms/server-errors';
import { notify } from '@/lib/toast';

import { subscribeNewsletter } from '../api/forms';

const schema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'api.field.required'), z.email('api.field.email')),
});
type Values = z.infer<typeof schema>;

/** The footer's newsletter sign-up: a confirmation link is e-mailed (double opt-in). */
export function NewsletterBox() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const onValid = async (values: Values): Promise<void> => {
    setStatus(null);
    try {
      await subscribeNewsletter(values);
      notify.success(t('api.newsletter.confirmSent'));
      setStatus(t('api.newsletter.confirmSent'));
      form.reset({ email: '' });
    } catch (failure) {
      const field = serverFieldError(failure, 'email');
      if (field) form.setError('email', { type: 'server', message: field });
      else setStatus(failure instanceof Error ? failure.message : t('toast.error.default'));
    }
  };
  return (
    <form
      className="ks-newsletter"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="newsletter-form"
    >
      <label className="ks-footer__heading" htmlFor="newsletter-email">
        {t('footer.newsletter.title')}
      </label>
      <p className="ks-footer__text">{t('footer.newsletter.text')}</p>
      <div className="ks-newsletter__row">
        <input
          id="newsletter-email"
          type="email"
          className="ks-input"
          autoComplete="email"
          placeholder={t('footer.newsletter.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || status ? 'newsletter-status' : undefined}
          data-testid="newsletter-email"
          {...form.register('email')}
        />
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={form.formState.isSubmitting}
          data-testid="newsletter-submit"
        >
          <Send aria-hidden="true" size={16} />
          {t('footer.newsletter.submit')}
        </button>
      </div>
      {error || status ? (
        <p
          id="newsletter-status"
          className={error ? 'ks-field__error' : 'ks-footer__text'}
          role="status"
          data-testid="newsletter-status"
        >
          {error ? errorText(error) : status}
        </p>
      ) : null}
    </form>
  );
}

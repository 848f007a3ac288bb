import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';

import { AppLink } from '@/components/ui/app-link';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { newPassword, passwordsMatch } from '@/lib/forms/member-rules';
import { notify } from '@/lib/toast';

import { resetPassword } from '../api/auth';
import { AuthCard } from '@/components/ui/auth-card';
import { ResetSteps } from '../components/reset-steps';
import { submitError } from '@/lib/forms/submit-errors';
import type { ResetState } from './forgot';

const schema = z
  .object({ password: newPassword(), confirmPassword: z.string() })
  .check(passwordsMatch());
type Values = z.infer<typeof schema>;

function resetTokenOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('resetToken' in state)) return null;
  const token = (state as ResetState).resetToken;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** The last step of the forgotten password: the new password, twice. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const resetToken = resetTokenOf(location.state);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: Values): Promise<void> => {
    if (resetToken === null) return;
    setFormError(null);
    try {
      await resetPassword({ resetToken, ...values });
      notify.success(t('api.member.passwordReset'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      setFormError(submitError(error, form.setError, ['password', 'confirmPassword']));
    }
  };

  return (
    <AuthCard
      title={t('auth.reset.title')}
      testId="reset-page"
      footer={
        <AppLink to={paths.login} className="ks-text-link">
          {t('auth.backToLogin')}
        </AppLink>
      }
    >
      <ResetSteps current={3} />
      {resetToken === null ? (
        <FormAlert tone="warning" testId="reset-missing">
          {t('auth.reset.missing')}{' '}
          <AppLink to={paths.forgot} className="ks-text-link">
            {t('auth.reset.startAgain')}
          </AppLink>
        </FormAlert>
      ) : (
        <form
          className="ks-auth__form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <PasswordField
            label={t('auth.newPassword')}
            hint={t('auth.passwordHint')}
            autoComplete="new-password"
            error={errors.password?.message}
            testId="reset-password"
            {...form.register('password')}
          />
          <PasswordField
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            testId="reset-confirm"
            {...form.register('confirmPassword')}
          />
          <FormAlert testId="reset-error">{formError}</FormAlert>
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={isSubmitting}
            data-testid="reset-submit"
          >
            <KeyRound aria-hidden="true" size={18} />
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}

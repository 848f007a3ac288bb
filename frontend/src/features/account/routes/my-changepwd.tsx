import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import * as z from 'zod/mini';

import type { ChangePasswordBody } from '@/api/types';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { submitError } from '@/lib/forms/submit-errors';
import { currentPassword, newPassword, passwordsMatch } from '@/lib/forms/member-rules';
import { notify } from '@/lib/toast';

import { changePassword } from '../api/account';
import { AccountHeading } from '../components/account-layout';

const schema = z
  .object({ oldPassword: currentPassword(), password: newPassword(), confirmPassword: z.string() })
  .check(passwordsMatch());
const EMPTY: ChangePasswordBody = { oldPassword: '', password: '', confirmPassword: '' };

/** Change the password: the old one, then the new one twice; other sessions end. */
export function MyChangePasswordRoute() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: ChangePasswordBody): Promise<void> => {
    setFormError(null);
    try {
      await changePassword(values);
      notify.success(t('api.member.passwordChanged'));
      form.reset(EMPTY);
    } catch (error) {
      setFormError(
        submitError(error, form.setError, ['oldPassword', 'password', 'confirmPassword']),
      );
    }
  };
  return (
    <section data-testid="my-changepwd">
      <AccountHeading title={t('account.nav.password')} />
      <form
        className="ks-panel"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <div className="ks-form-grid ks-form-grid--single">
          <PasswordField
            label={t('account.oldPassword')}
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            testId="old-password"
            {...form.register('oldPassword')}
          />
          <PasswordField
            label={t('auth.newPassword')}
            hint={t('auth.passwordHint')}
            autoComplete="new-password"
            error={errors.password?.message}
            testId="new-password"
            {...form.register('password')}
          />
          <PasswordField
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            testId="confirm-password"
            {...form.register('confirmPassword')}
          />
        </div>
        <FormAlert testId="changepwd-error">{formError}</FormAlert>
        <div className="ks-form-actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={isSubmitting}
            data-testid="changepwd-submit"
          >
            <KeyRound aria-hidden="true" size={18} />
            {t('account.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}

import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import type { StaffLoginBody } from '@/api/types';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { submitError } from '@/lib/forms/submit-errors';
import { notify } from '@/lib/toast';

import { AuthCard } from '@/components/ui/auth-card';

import { staffLogin } from '../api/staff';
import { useConsoleCatalogue } from '../lib/console-catalogue';
import { useStaffStore } from '../lib/staff-store';
import '../components/staff.css';

const FIELDS: readonly FieldPath<StaffLoginBody>[] = ['email', 'password', 'code'];

/** The console's sign-in: e-mail, password and the authenticator's code (or a recovery code). */
export function StaffLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStaffStore((state) => state.start);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffLoginBody>({ defaultValues: { email: '', password: '', code: '' } });
  const textsReady = useConsoleCatalogue();

  const onValid = async (values: StaffLoginBody): Promise<void> => {
    setFormError(null);
    try {
      const session = await staffLogin(values);
      start(session.token, session.staff);
      const left = session.recoveryCodesLeft;
      if (left !== null && left !== undefined) {
        notify.success(t('staff.login.recoveryUsed', { count: left }));
      } else {
        notify.success(t('api.staff.signedIn'));
      }
      void navigate(paths.staff, { replace: true });
    } catch (error) {
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  if (!textsReady) return null;
  return (
    <div className="ks-staff">
      <AuthCard title={t('staff.login.title')} intro={t('staff.login.intro')} testId="staff-login">
        <form
          className="ks-auth__form"
          noValidate
          onSubmit={(event) => void handleSubmit(onValid)(event)}
        >
          <TextField
            label={t('staff.login.email')}
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            testId="staff-login-email"
            {...register('email')}
          />
          <PasswordField
            label={t('staff.login.password')}
            autoComplete="current-password"
            error={errors.password?.message}
            testId="staff-login-password"
            {...register('password')}
          />
          <TextField
            label={t('staff.login.code')}
            inputMode="text"
            autoComplete="one-time-code"
            error={errors.code?.message}
            testId="staff-login-code"
            {...register('code')}
          />
          <FormAlert testId="staff-login-error">{formError}</FormAlert>
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={isSubmitting}
            data-testid="staff-login-submit"
          >
            <LogIn size={18} aria-hidden />
            {t('staff.login.submit')}
          </button>
        </form>
      </AuthCard>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { AppLink } from '@/components/ui/app-link';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { isSafeRedirect, paths } from '@/config/paths';
import { captchaCode, currentPassword, memberEmail } from '@/lib/forms/member-rules';
import { serverFieldError } from '@/lib/forms/server-errors';
import { notify } from '@/lib/toast';

import { AuthCard } from '@/components/ui/auth-card';
import { CaptchaField, type CaptchaHandle } from '../components/captcha-field';
import { signIn } from '../lib/sign-in';
import { submitError } from '@/lib/forms/submit-errors';

const loginSchema = z.object({
  account: memberEmail(),
  password: currentPassword(),
  code: z.string(),
});
const captchaSchema = z.object({
  account: memberEmail(),
  password: currentPassword(),
  code: captchaCode(),
});
type LoginValues = z.infer<typeof loginSchema>;
const FIELDS: readonly FieldPath<LoginValues>[] = ['account', 'password', 'code'];

/** Sign in with e-mail and password (and the captcha once the server asks for it). */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(needsCaptcha ? captchaSchema : loginSchema),
    defaultValues: { account: '', password: '', code: '' },
    mode: 'onSubmit',
  });

  const onValid = async (values: LoginValues): Promise<void> => {
    setFormError(null);
    try {
      await signIn(
        {
          account: values.account,
          password: values.password,
          code: needsCaptcha ? values.code : '',
          uuid: needsCaptcha ? uuid.current : '',
        },
        queryClient,
      );
      notify.success(t('api.member.loggedIn'));
      const redirect = params.get('redirect');
      void navigate(isSafeRedirect(redirect) ? redirect : paths.home, { replace: true });
    } catch (error) {
      if (serverFieldError(error, 'code')) setNeedsCaptcha(true);
      captcha.current?.refresh();
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      testId="login-page"
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <AppLink to={paths.register} className="ks-text-link">
            {t('nav.register')}
          </AppLink>
        </>
      }
    >
      <form
        className="ks-auth__form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          error={errors.account?.message}
          testId="login-account"
          {...register('account')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          testId="login-password"
          {...register('password')}
        />
        {needsCaptcha ? (
          <CaptchaField
            ref={captcha}
            registration={register('code')}
            error={errors.code?.message}
            onUuid={(value) => {
              uuid.current = value;
            }}
          />
        ) : null}
        <div className="ks-auth__row">
          <span />
          <AppLink to={paths.forgot} className="ks-text-link" data-testid="forgot-link">
            {t('auth.login.forgot')}
          </AppLink>
        </div>
        <FormAlert testId="login-error">{formError}</FormAlert>
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={isSubmitting}
          data-testid="login-submit"
        >
          <LogIn aria-hidden="true" size={18} />
          {isSubmitting ? t('auth.login.submitting') : t('nav.signIn')}
        </button>
      </form>
    </AuthCard>
  );
}

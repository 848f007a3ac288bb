import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';

import { AppLink } from '@/components/ui/app-link';
import { CheckboxField, FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import {
  captchaCode,
  fullName,
  memberEmail,
  newPassword,
  passwordsMatch,
} from '@/lib/forms/member-rules';
import { notify } from '@/lib/toast';

import { register as registerAccount } from '../api/auth';
import { AuthCard } from '@/components/ui/auth-card';
import { CaptchaField, type CaptchaHandle } from '../components/captcha-field';
import { submitError } from '@/lib/forms/submit-errors';

export const registerSchema = z
  .object({
    email: memberEmail(),
    fullName: fullName(),
    password: newPassword(),
    confirmPassword: z.string(),
    agreeTerms: z.boolean().check(z.refine((value) => value, 'api.member.termsRequired')),
    newsletter: z.boolean(),
    code: captchaCode(),
  })
  .check(passwordsMatch());
type RegisterValues = z.infer<typeof registerSchema>;
const FIELDS: readonly FieldPath<RegisterValues>[] = [
  'email',
  'fullName',
  'password',
  'confirmPassword',
  'agreeTerms',
  'code',
];

/** Create an account: e-mail, name, password twice, terms, newsletter, captcha. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      email: '',
      fullName: '',
      password: '',
      confirmPassword: '',
      agreeTerms: false,
      newsletter: false,
      code: '',
    },
    mode: 'onSubmit',
  });

  const onValid = async (values: RegisterValues): Promise<void> => {
    setFormError(null);
    try {
      // The form's schema lets the values through only with the terms ticked.
      await registerAccount({ ...values, agreeTerms: true, uuid: uuid.current });
      notify.success(t('api.member.registered'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      captcha.current?.refresh();
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      testId="register-page"
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <AppLink to={paths.login} className="ks-text-link">
            {t('nav.signIn')}
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
          autoComplete="email"
          error={errors.email?.message}
          testId="register-email"
          {...register('email')}
        />
        <TextField
          label={t('auth.fullName')}
          autoComplete="name"
          error={errors.fullName?.message}
          testId="register-name"
          {...register('fullName')}
        />
        <PasswordField
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          autoComplete="new-password"
          error={errors.password?.message}
          testId="register-password"
          {...register('password')}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          testId="register-confirm"
          {...register('confirmPassword')}
        />
        <CaptchaField
          ref={captcha}
          registration={register('code')}
          error={errors.code?.message}
          onUuid={(value) => {
            uuid.current = value;
          }}
        />
        <CheckboxField
          label={
            <Trans
              i18nKey="auth.register.terms"
              components={{
                terms: <AppLink to={paths.condition} className="ks-text-link" />,
                privacy: <AppLink to={paths.privacyPolicy} className="ks-text-link" />,
              }}
            />
          }
          error={errors.agreeTerms?.message}
          testId="register-terms"
          {...register('agreeTerms')}
        />
        <CheckboxField
          label={t('auth.register.newsletter')}
          testId="register-newsletter"
          {...register('newsletter')}
        />
        <FormAlert testId="register-error">{formError}</FormAlert>
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={isSubmitting}
          data-testid="register-submit"
        >
          <UserPlus aria-hidden="true" size={18} />
          {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </button>
      </form>
    </AuthCard>
  );
}

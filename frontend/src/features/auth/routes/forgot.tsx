import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';

import { AppLink } from '@/components/ui/app-link';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { captchaCode, memberEmail } from '@/lib/forms/member-rules';
import { notify } from '@/lib/toast';

import { forget, verifyCode } from '../api/auth';
import { AuthCard } from '@/components/ui/auth-card';
import { CaptchaField, type CaptchaHandle } from '../components/captcha-field';
import { ResetSteps } from '../components/reset-steps';
import { submitError } from '@/lib/forms/submit-errors';

const emailSchema = z.object({ email: memberEmail(), code: captchaCode() });
type EmailValues = z.infer<typeof emailSchema>;
const codeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'api.member.codeRequired')),
});
type CodeValues = z.infer<typeof codeSchema>;

/** What /resetpassword gets in the history state (never in the address). */
export interface ResetState {
  resetToken: string;
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '', code: '' },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const fields: readonly FieldPath<EmailValues>[] = ['email', 'code'];
  const onValid = async (values: EmailValues): Promise<void> => {
    setFormError(null);
    try {
      await forget({ email: values.email, code: values.code, uuid: uuid.current });
      notify.success(t('api.member.codeSent'));
      onSent(values.email);
    } catch (error) {
      captcha.current?.refresh();
      setFormError(submitError(error, form.setError, fields));
    }
  };
  return (
    <form
      className="ks-auth__form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        testId="forgot-email"
        {...form.register('email')}
      />
      <CaptchaField
        ref={captcha}
        registration={form.register('code')}
        error={errors.code?.message}
        onUuid={(value) => {
          uuid.current = value;
        }}
      />
      <FormAlert testId="forgot-error">{formError}</FormAlert>
      <button
        type="submit"
        className="ks-button ks-button--primary"
        disabled={isSubmitting}
        data-testid="forgot-send"
      >
        <Mail aria-hidden="true" size={18} />
        {t('auth.forgot.send')}
      </button>
    </form>
  );
}

function CodeStep({ email, onVerified }: { email: string; onVerified: (token: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: CodeValues): Promise<void> => {
    setFormError(null);
    try {
      const { resetToken } = await verifyCode({ email, code: values.code });
      onVerified(resetToken);
    } catch (error) {
      setFormError(submitError(error, form.setError, ['code']));
    }
  };
  return (
    <form
      className="ks-auth__form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <p className="ks-auth__intro" data-testid="forgot-sent-to">
        {t('auth.forgot.codeSentTo', { email })}
      </p>
      <TextField
        label={t('auth.forgot.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        testId="forgot-code"
        {...form.register('code')}
      />
      <FormAlert testId="verify-error">{formError}</FormAlert>
      <button
        type="submit"
        className="ks-button ks-button--primary"
        disabled={isSubmitting}
        data-testid="forgot-verify"
      >
        <ShieldCheck aria-hidden="true" size={18} />
        {t('auth.forgot.verify')}
      </button>
    </form>
  );
}

/** Forgotten password: the e-mail (and captcha), then the 6-digit code from the e-mail. */
export function ForgotRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      intro={email === null ? t('auth.forgot.intro') : undefined}
      testId="forgot-page"
      footer={
        <AppLink to={paths.login} className="ks-text-link">
          {t('auth.backToLogin')}
        </AppLink>
      }
    >
      <ResetSteps current={email === null ? 1 : 2} />
      {email === null ? (
        <EmailStep onSent={setEmail} />
      ) : (
        <CodeStep
          email={email}
          onVerified={(resetToken) => {
            const state: ResetState = { resetToken };
            void navigate(paths.resetPassword, { state });
          }}
        />
      )}
    </AuthCard>
  );
}

import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import type { FinishEnrollmentBody } from '@/api/types';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { submitError } from '@/lib/forms/submit-errors';
import { AuthCard } from '@/components/ui/auth-card';

import { finishEnrollment, startEnrollment } from '../api/staff';
import { useConsoleCatalogue } from '../lib/console-catalogue';
import { useDateTime } from '../lib/format';
import '../components/staff.css';

type Values = Omit<FinishEnrollmentBody, 'token'>;
const FIELDS: readonly FieldPath<Values>[] = ['password', 'confirmPassword', 'code'];

/** The enrollment link's token: in the fragment (`#token=…`), so no server log ever has it. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Enrollment from the one-time link: the authenticator's key (and its otpauth link), then a
 * password and the app's current code; the recovery codes are shown once at the end.
 */
export function StaffEnrollRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useDateTime();
  const [token] = useState(tokenFromHash);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const offer = useQuery({
    queryKey: ['staff', 'enrollment', token],
    queryFn: () => startEnrollment(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: '', confirmPassword: '', code: '' } });
  const textsReady = useConsoleCatalogue();

  const onValid = async (values: Values): Promise<void> => {
    setFormError(null);
    try {
      const done = await finishEnrollment({ ...values, token });
      window.history.replaceState(null, '', paths.staffEnroll);
      setCodes(done.recoveryCodes);
    } catch (error) {
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  if (!textsReady) return null;
  if (codes !== null) {
    return (
      <div className="ks-staff">
        <AuthCard
          title={t('staff.enroll.codesTitle')}
          intro={t('staff.enroll.codesIntro')}
          testId="staff-recovery-codes"
        >
          <ul className="ks-staff__codes">
            {codes.map((code) => (
              <li key={code} data-testid="staff-recovery-code">
                {code}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => void navigate(paths.staffLogin, { replace: true })}
            data-testid="staff-enroll-continue"
          >
            {t('staff.enroll.continue')}
          </button>
        </AuthCard>
      </div>
    );
  }

  const problem =
    token === '' ? t('staff.enroll.missing') : offer.isError ? offer.error.message : null;
  return (
    <div className="ks-staff">
      <AuthCard
        title={t('staff.enroll.title')}
        intro={
          offer.data
            ? t('staff.enroll.intro', {
                role: t(`staff.role.${offer.data.role}`),
                email: offer.data.email,
              })
            : undefined
        }
        testId="staff-enroll"
      >
        {problem !== null ? (
          <FormAlert testId="staff-enroll-problem">{problem}</FormAlert>
        ) : offer.data ? (
          <form
            className="ks-auth__form"
            noValidate
            onSubmit={(event) => void handleSubmit(onValid)(event)}
          >
            <div>
              <p className="ks-auth__intro">{t('staff.enroll.secret')}</p>
              <p className="ks-staff__secret" data-testid="staff-totp-secret">
                {offer.data.totpSecret}
              </p>
              <a className="ks-text-link" href={offer.data.otpauthUrl}>
                {t('staff.enroll.openApp')}
              </a>
              <p className="ks-auth__intro">
                {t('staff.enroll.expires', { until: formatDateTime(offer.data.expiresAt) })}
              </p>
            </div>
            <PasswordField
              label={t('staff.enroll.password')}
              autoComplete="new-password"
              error={errors.password?.message}
              testId="staff-enroll-password"
              {...register('password')}
            />
            <PasswordField
              label={t('staff.enroll.confirmPassword')}
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              testId="staff-enroll-confirm"
              {...register('confirmPassword')}
            />
            <TextField
              label={t('staff.enroll.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              error={errors.code?.message}
              testId="staff-enroll-code"
              {...register('code')}
            />
            <FormAlert testId="staff-enroll-error">{formError}</FormAlert>
            <button
              type="submit"
              className="ks-button ks-button--primary"
              disabled={isSubmitting}
              data-testid="staff-enroll-submit"
            >
              <KeyRound size={18} aria-hidden />
              {t('staff.enroll.submit')}
            </button>
          </form>
        ) : null}
      </AuthCard>
    </div>
  );
}

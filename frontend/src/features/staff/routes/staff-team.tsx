import { useQueryClient } from '@tanstack/react-query';
import { Copy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { InvitationDto, InviteBody, StaffRole } from '@/api/types';
import { StaffRoleValues } from '@/api/vocabulary';
import { FormAlert, FormField, TextField } from '@/components/ui/form-field';
import { submitError } from '@/lib/forms/submit-errors';
import { notify } from '@/lib/toast';

import { inviteStaff } from '../api/staff';
import { StaffAccounts } from '../components/staff-accounts';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

const FIELDS: readonly FieldPath<InviteBody>[] = ['email', 'role'];

function InviteForm() {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const [invited, setInvited] = useState<(InvitationDto & { email: string }) | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<InviteBody>({ defaultValues: { email: '', role: 'support' as StaffRole } });

  const role = useWatch({ control, name: 'role' });

  const onValid = async (values: InviteBody): Promise<void> => {
    setFormError(null);
    try {
      const invitation = await inviteStaff(values);
      setInvited({ ...invitation, email: values.email });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] });
      notify.success(t('api.staff.invited'));
    } catch (error) {
      setFormError(submitError(error, setError, FIELDS));
    }
  };

  return (
    <section data-testid="staff-team">
      <h1 className="ks-staff__title">{t('staff.team.title')}</h1>
      <p className="ks-staff__intro">{t('staff.team.intro')}</p>
      <form
        className="ks-staff__form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <TextField
          label={t('staff.team.email')}
          type="email"
          error={errors.email?.message}
          testId="staff-invite-email"
          {...register('email')}
        />
        <FormField
          label={t('staff.team.role')}
          hint={t(`staff.roleHelp.${role}`)}
          error={errors.role?.message}
        >
          {(wiring) => (
            <select
              className="ks-select"
              data-testid="staff-invite-role"
              {...wiring}
              {...register('role')}
            >
              {StaffRoleValues.map((value) => (
                <option key={value} value={value}>
                  {t(`staff.role.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormAlert testId="staff-invite-error">{formError}</FormAlert>
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={isSubmitting}
          data-testid="staff-invite-submit"
        >
          <UserPlus size={18} aria-hidden />
          {t('staff.team.invite')}
        </button>
      </form>
      {invited ? (
        <div className="ks-staff__card" data-testid="staff-invitation">
          <p>
            {t('staff.team.link', {
              email: invited.email,
              until: formatDateTime(invited.expiresAt),
            })}
          </p>
          <p className="ks-staff__secret" data-testid="staff-invitation-link">
            {invited.link}
          </p>
          <button
            type="button"
            className="ks-button ks-button--secondary ks-button--small"
            onClick={() =>
              void navigator.clipboard
                .writeText(invited.link)
                .then(() => notify.success(t('staff.team.copied')))
            }
          >
            <Copy size={16} aria-hidden />
            {t('staff.team.copy')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The owner's team page: invitations (one-time links). */
export function StaffTeamRoute() {
  return (
    <RequirePermission permission="staff.manage">
      <InviteForm />
      <StaffAccounts />
    </RequirePermission>
  );
}

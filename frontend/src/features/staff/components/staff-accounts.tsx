import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { InvitationDto, StaffAccountDto, StaffRole } from '@/api/types';
import { StaffRoleValues } from '@/api/vocabulary';
import { notify } from '@/lib/toast';

import { resetStaffAccount, staffAccounts, updateStaffAccount } from '../api/staff';
import { useDateTime } from '../lib/format';
import { useStaffStore } from '../lib/staff-store';

const ACCOUNTS_KEY = ['staff', 'accounts'] as const;

/**
 * One account: its role (changeable), state, disable or enable, reset. The controls wait while
 * the list is being read again, so a change always carries the version just read.
 */
function AccountRow({
  account,
  own,
  reading,
}: {
  account: StaffAccountDto;
  own: boolean;
  reading: boolean;
}) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const [reset, setReset] = useState<InvitationDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
  const update = useMutation({
    mutationFn: (body: { role?: StaffRole; disabled?: boolean }) =>
      updateStaffAccount(account.id, { version: account.version, ...body }),
    onSuccess: () => {
      notify.success(t('api.staff.updated'));
      return refresh();
    },
    onError: () => refresh(),
  });
  const resetting = useMutation({
    mutationFn: () => resetStaffAccount(account.id, account.version),
    onSuccess: (invitation) => {
      setReset(invitation);
      return refresh();
    },
    onError: () => refresh(),
  });
  const busy = reading || update.isPending || resetting.isPending;
  return (
    <li className="ks-staff__card" data-testid="staff-account" data-email={account.email}>
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.team.email')}</dt>
          <dd>
            {account.email}
            {own ? <span className="ks-staff__role">{t('staff.team.you')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('staff.team.role')}</dt>
          <dd>
            {own ? (
              t(`staff.role.${account.role}`)
            ) : (
              <select
                className="ks-select"
                aria-label={t('staff.team.role')}
                value={account.role}
                disabled={busy}
                onChange={(event) => update.mutate({ role: event.target.value as StaffRole })}
                data-testid="staff-account-role"
              >
                {StaffRoleValues.map((role) => (
                  <option key={role} value={role}>
                    {t(`staff.role.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('staff.team.members')}</dt>
          <dd data-testid="staff-account-state">{t(`staff.team.state.${account.state}`)}</dd>
        </div>
      </dl>
      {own ? null : (
        <div className="ks-staff__actions">
          <button
            type="button"
            className="ks-button ks-button--secondary ks-button--small"
            disabled={busy}
            onClick={() => update.mutate({ disabled: account.state !== 'disabled' })}
            data-testid="staff-account-toggle"
          >
            {account.state === 'disabled' ? t('staff.team.enable') : t('staff.team.disable')}
          </button>
          <button
            type="button"
            className="ks-button ks-button--ghost ks-button--small"
            disabled={busy}
            onClick={() => resetting.mutate()}
            data-testid="staff-account-reset"
          >
            {t('staff.team.reset')}
          </button>
        </div>
      )}
      {reset ? (
        <div data-testid="staff-account-reset-link">
          <p>
            {t('staff.team.resetLink', {
              email: account.email,
              until: formatDateTime(reset.expiresAt),
            })}
          </p>
          <p className="ks-staff__secret">{reset.link}</p>
        </div>
      ) : null}
    </li>
  );
}

/** Every staff account, for the owner to manage (never their own). */
export function StaffAccounts() {
  const { t } = useTranslation();
  const me = useStaffStore((state) => state.staff);
  const accounts = useQuery({ queryKey: ACCOUNTS_KEY, queryFn: staffAccounts, staleTime: 0 });
  return (
    <section className="ks-staff__audit" aria-label={t('staff.team.members')}>
      <h2 className="ks-staff__title">{t('staff.team.members')}</h2>
      <ul className="ks-staff__list">
        {accounts.data?.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            own={account.id === me?.id}
            reading={accounts.isFetching}
          />
        ))}
      </ul>
    </section>
  );
}

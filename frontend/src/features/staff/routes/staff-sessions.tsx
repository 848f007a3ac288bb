import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/use-translation';

import { notify } from '@/lib/toast';

import { revokeStaffSession, staffSessions } from '../api/staff';
import { useDateTime } from '../lib/format';

const SESSIONS_KEY = ['staff', 'sessions'] as const;

/** The signed-in member of staff's own sessions, each one revocable. */
export function StaffSessionsRoute() {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: staffSessions, staleTime: 0 });
  const revoke = useMutation({
    mutationFn: revokeStaffSession,
    onSuccess: () => {
      notify.success(t('staff.sessions.ended'));
      return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
  return (
    <section data-testid="staff-sessions">
      <h1 className="ks-staff__title">{t('staff.sessions.title')}</h1>
      <p className="ks-staff__intro">{t('staff.sessions.intro')}</p>
      <ul className="ks-staff__list">
        {sessions.data?.map((session) => (
          <li key={session.id} className="ks-staff__card" data-testid="staff-session">
            <dl className="ks-staff__facts">
              <div>
                <dt>{`${session.browser} · ${session.os}`}</dt>
                <dd>{session.ip}</dd>
              </div>
              <div>
                <dt>{t('staff.sessions.started')}</dt>
                <dd>{formatDateTime(session.createdAt)}</dd>
              </div>
              <div>
                <dt>{t('staff.sessions.lastSeen')}</dt>
                <dd>{formatDateTime(session.lastSeenAt)}</dd>
              </div>
            </dl>
            {session.current ? (
              <span className="ks-staff__role">{t('staff.sessions.current')}</span>
            ) : (
              <button
                type="button"
                className="ks-button ks-button--secondary ks-button--small"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(session.id)}
              >
                {t('staff.sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

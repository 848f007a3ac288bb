import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { TextField } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { auditLog } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

function AuditLog() {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const log = useQuery({
    queryKey: ['staff', 'audit', search],
    queryFn: () => auditLog(search, 1),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <section data-testid="staff-audit">
      <h1 className="ks-staff__title">{t('staff.audit.title')}</h1>
      <p className="ks-staff__intro">{t('staff.audit.intro')}</p>
      <div className="ks-staff__form">
        <TextField
          label={t('staff.audit.search')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          testId="staff-audit-search"
        />
      </div>
      {log.data?.rows.length === 0 ? (
        <p className="ks-staff__card">{t('staff.audit.empty')}</p>
      ) : null}
      <ul className="ks-staff__list ks-staff__audit">
        {log.data?.rows.map((record) => (
          <li
            key={`${String(record.at)}-${record.action}-${record.target}-${record.staffId}`}
            className="ks-staff__card"
            data-testid="staff-audit-record"
            data-action={record.action}
          >
            <dl className="ks-staff__facts">
              <div>
                <dt>{t('staff.audit.when')}</dt>
                <dd>{formatDateTime(record.at)}</dd>
              </div>
              <div>
                <dt>{t('staff.audit.who')}</dt>
                <dd>
                  {record.staffId === 'cli' ? t('staff.audit.cli') : record.staffEmail}
                  {record.role ? (
                    <span className="ks-staff__role">{t(`staff.role.${record.role}`)}</span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>{t('staff.audit.action')}</dt>
                <dd data-testid="staff-audit-action">{t(`staff.action.${record.action}`)}</dd>
              </div>
              <div>
                <dt>{t('staff.audit.target')}</dt>
                <dd>{record.target}</dd>
              </div>
              {record.summary !== '' ? (
                <div>
                  <dt>{t('staff.audit.details')}</dt>
                  <dd>{record.summary}</dd>
                </div>
              ) : null}
              {record.ip !== '' ? (
                <div>
                  <dt>{t('staff.audit.from')}</dt>
                  <dd>{record.ip}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The owner's audit log: every record, newest first, searchable. */
export function StaffAuditRoute() {
  return (
    <RequirePermission permission="audit.read">
      <AuditLog />
    </RequirePermission>
  );
}

import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { Pagination } from '@/components/ui/pagination';

import { useLoginHistory } from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { useFormatDateTime } from '../lib/format';

/** The member's sign-ins: when, from where, with what, and whether they succeeded. */
export function MyHistoryRoute() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page).data;
  const dateTime = useFormatDateTime();
  return (
    <section data-testid="my-history">
      <AccountHeading title={t('account.nav.history')} />
      <div className="ks-panel ks-table-wrap">
        <table className="ks-table">
          <thead>
            <tr>
              <th scope="col">{t('account.history.time')}</th>
              <th scope="col">{t('account.history.ip')}</th>
              <th scope="col">{t('account.history.os')}</th>
              <th scope="col">{t('account.history.device')}</th>
              <th scope="col">{t('account.history.browser')}</th>
              <th scope="col">{t('account.history.result')}</th>
            </tr>
          </thead>
          <tbody>
            {(history?.rows ?? []).map((row) => (
              <tr key={row.id} data-testid="history-row">
                <td>{dateTime(row.at)}</td>
                <td>{row.ip}</td>
                <td>{row.os}</td>
                <td>{row.device}</td>
                <td>{row.browser}</td>
                <td>
                  <span className={row.success ? 'ks-tag ks-tag--success' : 'ks-tag'}>
                    {row.success ? t('account.history.success') : t('account.history.failure')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {history && history.total > history.limit ? (
        <Pagination
          page={page}
          total={history.total}
          limit={history.limit}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Bell, Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';

import { accountKeys, markNoticeRead, useNotices } from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { useFormatDateTime } from '../lib/format';

/** Notices to the member and to everyone, unread first marked. */
export function MyNoticeRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const notices = useNotices(page);
  const dateTime = useFormatDateTime();
  const rows = notices.data?.rows ?? [];
  const read = async (id: number): Promise<void> => {
    await markNoticeRead(id).catch(() => null);
    await client.invalidateQueries({ queryKey: accountKeys.all });
  };
  return (
    <section data-testid="my-notice">
      <AccountHeading title={t('account.nav.notice')} />
      {notices.isSuccess && rows.length === 0 ? (
        <EmptyState icon={Bell} title={t('account.notices.empty')} testId="notice-empty" />
      ) : (
        <ul className="ks-card-list">
          {rows.map((notice) => (
            <li
              key={notice.id}
              className="ks-list-card"
              data-unread={notice.read ? undefined : true}
              data-testid="notice"
            >
              <div>
                <h2 className="ks-list-card__title">{notice.title}</h2>
                <p className="ks-thread__meta">{dateTime(notice.createdAt)}</p>
                <p className="ks-list-card__text">{notice.content}</p>
              </div>
              <div className="ks-list-card__actions">
                {notice.read ? (
                  <span className="ks-tag">{t('account.notices.read')}</span>
                ) : (
                  <button
                    type="button"
                    className="ks-button ks-button--small ks-button--secondary"
                    onClick={() => void read(notice.id)}
                    data-testid="notice-read"
                  >
                    <Check aria-hidden="true" size={16} />
                    {t('account.notices.markRead')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {notices.data && notices.data.total > notices.data.limit ? (
        <Pagination
          page={page}
          total={notices.data.total}
          limit={notices.data.limit}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

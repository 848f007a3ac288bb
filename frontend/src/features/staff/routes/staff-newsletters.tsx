import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { NewsletterDto } from '@/api/types';
import { FormAlert } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';

import { staffNewsletters } from '../api/content';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

export const NEWSLETTERS_KEY = ['staff', 'newsletters'] as const;
const PAGE_SIZE = 20;

/** Draft, sending or sent, as a badge. */
export function IssueStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'sending' || status === 'sent' ? status : 'draft';
  return (
    <span
      className={known === 'sent' ? 'ks-staff__role' : 'ks-staff__badge ks-staff__badge--quiet'}
      data-testid="staff-newsletter-status"
      data-status={known}
    >
      {t(`staff.newsletters.status.${known}`)}
    </span>
  );
}

/** How far an issue went out: a bar and the counts. */
export function IssueProgress({ issue }: { issue: NewsletterDto }) {
  const { t } = useTranslation();
  const { total, sent, failed, skipped, unknown, waiting } = issue.progress;
  const done = total - waiting;
  return (
    <div className="ks-staff__progress" data-testid="staff-newsletter-progress">
      <progress
        max={Math.max(total, 1)}
        value={total === 0 ? 1 : done}
        aria-label={t('staff.newsletters.progress')}
      />
      <p data-testid="staff-newsletter-counts">
        {t('staff.newsletters.counts', { sent, total })}
        {failed > 0 ? ` · ${t('staff.newsletters.failed', { count: failed })}` : ''}
        {skipped > 0 ? ` · ${t('staff.newsletters.skipped', { count: skipped })}` : ''}
        {unknown > 0 ? ` · ${t('staff.newsletters.unknown', { count: unknown })}` : ''}
      </p>
    </div>
  );
}

function IssueLine({ issue }: { issue: NewsletterDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  return (
    <li className="ks-staff__card" data-testid="staff-newsletter-row">
      <p className="ks-staff__row-title">
        <Link
          to={`${paths.staffNewsletters}/${String(issue.id)}`}
          data-testid="staff-newsletter-open"
        >
          {issue.texts[0]?.subject ?? ''}
        </Link>{' '}
        <IssueStatusBadge status={issue.status} />
      </p>
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.newsletters.by')}</dt>
          <dd>{issue.createdBy}</dd>
        </div>
        <div>
          <dt>{t('staff.newsletters.languages')}</dt>
          <dd>{issue.texts.map((text) => text.language).join(' · ')}</dd>
        </div>
        <div>
          <dt>{t('staff.newsletters.started')}</dt>
          <dd>{issue.startedAt ? formatDateTime(issue.startedAt) : '—'}</dd>
        </div>
      </dl>
      {issue.status === 'draft' ? null : <IssueProgress issue={issue} />}
    </li>
  );
}

function NewslettersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const issues = useQuery({
    queryKey: [...NEWSLETTERS_KEY, page],
    queryFn: () => staffNewsletters(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((issue) => issue.status === 'sending') ? 1000 : false,
  });
  return (
    <section data-testid="staff-newsletters">
      <h1 className="ks-staff__title">{t('staff.newsletters.title')}</h1>
      <p className="ks-staff__intro">
        {t('staff.newsletters.intro')}{' '}
        {issues.data ? t('staff.newsletters.audience', { count: issues.data.audience }) : null}
      </p>
      <Link
        to={`${paths.staffNewsletters}/new`}
        className="ks-button ks-button--primary"
        data-testid="staff-newsletter-new"
      >
        <Plus size={18} aria-hidden />
        {t('staff.newsletters.new')}
      </Link>
      {issues.isError ? <FormAlert>{issues.error.message}</FormAlert> : null}
      {issues.data?.total === 0 ? (
        <p className="ks-staff__intro">{t('staff.newsletters.empty')}</p>
      ) : null}
      <ul className="ks-staff__list ks-staff__after-action">
        {issues.data?.rows.map((issue) => (
          <IssueLine key={issue.id} issue={issue} />
        ))}
      </ul>
      {issues.data && issues.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          total={issues.data.total}
          limit={PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

/** Newsletter issues: drafts, the ones going out with their progress, the ones sent. */
export function StaffNewslettersRoute() {
  return (
    <RequirePermission permission="content.manage">
      <NewslettersPage />
    </RequirePermission>
  );
}

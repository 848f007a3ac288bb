import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Eye, EyeOff, Save, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ModeratedReviewDto } from '@/api/types';
import { FormAlert, SelectField, TextareaField, errorText } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { moderateReview, searchReviews } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

const REVIEWS_KEY = ['staff', 'reviews'] as const;
const PAGE_SIZE = 20;

type Shown = '' | 'shown' | 'hidden';

function failure(error: Error): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.fieldErrors)[0];
    return errorText(field ?? error.msgKey);
  }
  return error.message;
}

function ReviewCard({ review }: { review: ModeratedReviewDto }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState(review.staffReply);
  const moderate = useMutation({
    mutationFn: (change: { hidden: boolean; reply: string }) =>
      moderateReview(review.id, review.version, change.hidden, change.reply),
    onSuccess: () => {
      notify.success(t('staff.reviews.saved'));
      return queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
    onError: (error) => notify.error(failure(error)),
  });
  return (
    <li
      className={`ks-staff__card${review.hidden ? ' ks-staff__card--muted' : ''}`}
      data-testid="staff-review"
      data-hidden={review.hidden}
    >
      <p className="ks-staff__row-title">
        {review.productTitle}{' '}
        {review.hidden ? (
          <span className="ks-staff__badge ks-staff__badge--quiet">
            {t('staff.reviews.hiddenBadge')}
          </span>
        ) : null}
      </p>
      <p className="ks-staff__muted">
        <Star size={14} aria-hidden /> {t('product.ratingOutOf', { rating: review.stars })} ·{' '}
        {review.fullName} · {review.email} · {formatDateTime(review.createdAt)}
      </p>
      {review.verified ? (
        <p className="ks-staff__muted">
          <BadgeCheck size={14} aria-hidden /> {t('product.reviews.verified')}
        </p>
      ) : null}
      <p className="ks-staff__quote">{review.content}</p>
      <TextareaField
        label={t('staff.reviews.reply')}
        rows={2}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        testId="staff-review-reply"
      />
      <div className="ks-staff__actions">
        <button
          type="button"
          className="ks-button ks-button--secondary ks-button--small"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ hidden: review.hidden, reply })}
          data-testid="staff-review-save-reply"
        >
          <Save size={16} aria-hidden />
          {t('staff.reviews.saveReply')}
        </button>
        <button
          type="button"
          className="ks-button ks-button--ghost ks-button--small"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ hidden: !review.hidden, reply: review.staffReply })}
          data-testid="staff-review-toggle"
        >
          {review.hidden ? <Eye size={16} aria-hidden /> : <EyeOff size={16} aria-hidden />}
          {review.hidden ? t('staff.reviews.show') : t('staff.reviews.hide')}
        </button>
      </div>
    </li>
  );
}

function ReviewsPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>('');
  const [page, setPage] = useState(1);
  const reviews = useQuery({
    queryKey: [...REVIEWS_KEY, shown, page],
    queryFn: () => searchReviews(shown === '' ? undefined : shown === 'hidden', page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-reviews">
      <h1 className="ks-staff__title">{t('staff.reviews.title')}</h1>
      <p className="ks-staff__intro">{t('staff.reviews.intro')}</p>
      <div className="ks-staff__filters">
        <SelectField
          label={t('staff.reviews.filter')}
          value={shown}
          onChange={(event) => {
            setPage(1);
            setShown(event.target.value as Shown);
          }}
          testId="staff-reviews-filter"
        >
          <option value="">{t('staff.reviews.all')}</option>
          <option value="shown">{t('staff.reviews.shownOnly')}</option>
          <option value="hidden">{t('staff.reviews.hiddenOnly')}</option>
        </SelectField>
      </div>
      {reviews.isError ? <FormAlert>{reviews.error.message}</FormAlert> : null}
      {reviews.data?.total === 0 ? (
        <p className="ks-staff__intro">{t('staff.reviews.empty')}</p>
      ) : null}
      <ul className="ks-staff__list">
        {reviews.data?.rows.map((review) => (
          <ReviewCard key={`${String(review.id)}:${String(review.version)}`} review={review} />
        ))}
      </ul>
      {reviews.data && reviews.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          total={reviews.data.total}
          limit={PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

/** Review moderation: hide and show, the store's reply, verified purchases marked. */
export function StaffReviewsRoute() {
  return (
    <RequirePermission permission="content.manage">
      <ReviewsPage />
    </RequirePermission>
  );
}

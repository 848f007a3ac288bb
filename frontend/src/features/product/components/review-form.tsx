import { zodResolver } from '@hookform/resolvers/zod';
import { Send, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';

import { ApiError } from '@/lib/http/envelope';
import { translateIfKnown } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';

import { usePostReview } from '../api/post-review';
import type { ProductRef } from '../api/query-keys';
import {
  EMPTY_REVIEW,
  REVIEW_LIMITS,
  reviewSchema,
  type ReviewFormValues,
  type ReviewInput,
} from '../lib/review-schema';

const FIELDS: readonly FieldPath<ReviewFormValues>[] = ['fullName', 'email', 'content', 'stars'];

function isField(name: string): name is FieldPath<ReviewFormValues> {
  return (FIELDS as readonly string[]).includes(name);
}

/**
 * Write a review: full name, e-mail, 1–5 stars and the text, checked in the browser with
 * the server's rules and message keys (react-hook-form + zod). The server's answer decides:
 * field errors go to their fields, the message interval and switched-off comments show
 * above the button.
 */
export function ReviewForm({ productRef }: { productRef: ProductRef }) {
  const { t } = useTranslation();
  const id = useId();
  const mutation = usePostReview(productRef);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewSchema),
    defaultValues: EMPTY_REVIEW,
    mode: 'onTouched',
  });
  const stars = useWatch({ control, name: 'stars' });
  const contentLength = useWatch({ control, name: 'content' }).length;

  const message = (key: string | undefined): string | undefined =>
    key === undefined ? undefined : (translateIfKnown(key) ?? key);

  const onValid = async (values: ReviewInput): Promise<void> => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      notify.success(t('api.review.posted'));
      reset(EMPTY_REVIEW);
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) {
        const fields = Object.entries(error.fieldErrors).filter(([name]) => isField(name));
        for (const [name, key] of fields) {
          if (isField(name)) setError(name, { type: 'server', message: key });
        }
        if (fields.length > 0) return;
      }
      setFormError(error instanceof Error ? error.message : t('toast.error.default'));
    }
  };

  const fieldIds = {
    fullName: `${id}-name`,
    email: `${id}-email`,
    content: `${id}-content`,
  };
  const errorId = (name: FieldPath<ReviewFormValues>) => `${id}-${name}-error`;
  const fieldError = (name: FieldPath<ReviewFormValues>) => {
    const text = message(errors[name]?.message);
    return text ? (
      <p id={errorId(name)} className="ks-field__error" data-testid={`error-${name}`}>
        {text}
      </p>
    ) : null;
  };

  return (
    <form
      className="ks-review-form"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="review-form"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <h3 id={`${id}-title`} className="ks-panel-subtitle">
        {t('product.reviewForm.title')}
      </h3>

      <fieldset
        className="ks-star-input"
        aria-describedby={errors.stars ? errorId('stars') : undefined}
      >
        <legend className="ks-field__label">{t('product.reviewForm.stars')}</legend>
        <Controller
          control={control}
          name="stars"
          render={({ field }) => (
            <div className="ks-star-input__options">
              {[1, 2, 3, 4, 5].map((value) => (
                <label
                  key={value}
                  className="ks-star-input__option"
                  data-filled={value <= stars || undefined}
                >
                  <input
                    type="radio"
                    className="ks-star-input__radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    data-testid={`star-${value}`}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                  />
                  <Star aria-hidden="true" size={28} />
                  <span className="ks-visually-hidden">
                    {t('product.reviewForm.starOption', { count: value })}
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        {fieldError('stars')}
      </fieldset>

      <div className="ks-review-form__row">
        <div className="ks-field">
          <label className="ks-field__label" htmlFor={fieldIds.fullName}>
            {t('product.reviewForm.fullName')}
          </label>
          <input
            id={fieldIds.fullName}
            className="ks-input"
            autoComplete="name"
            maxLength={REVIEW_LIMITS.fullName + 20}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? errorId('fullName') : undefined}
            data-testid="review-name"
            {...register('fullName')}
          />
          {fieldError('fullName')}
        </div>
        <div className="ks-field">
          <label className="ks-field__label" htmlFor={fieldIds.email}>
            {t('product.reviewForm.email')}
          </label>
          <input
            id={fieldIds.email}
            className="ks-input"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={[errors.email ? errorId('email') : '', `${id}-email-hint`]
              .filter(Boolean)
              .join(' ')}
            data-testid="review-email"
            {...register('email')}
          />
          <p id={`${id}-email-hint`} className="ks-field__hint">
            {t('product.reviewForm.emailHint')}
          </p>
          {fieldError('email')}
        </div>
      </div>

      <div className="ks-field">
        <label className="ks-field__label" htmlFor={fieldIds.content}>
          {t('product.reviewForm.content')}
        </label>
        <textarea
          id={fieldIds.content}
          className="ks-textarea"
          rows={5}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={[errors.content ? errorId('content') : '', `${id}-content-count`]
            .filter(Boolean)
            .join(' ')}
          data-testid="review-content"
          {...register('content')}
        />
        <p
          id={`${id}-content-count`}
          className="ks-field__hint"
          data-over={contentLength > REVIEW_LIMITS.content || undefined}
        >
          {t('product.reviewForm.counter', { count: contentLength, max: REVIEW_LIMITS.content })}
        </p>
        {fieldError('content')}
      </div>

      {formError ? (
        <p className="ks-form-alert" role="alert" data-testid="review-form-error">
          {formError}
        </p>
      ) : null}

      <button
        type="submit"
        className="ks-button ks-button--primary"
        disabled={isSubmitting}
        data-testid="review-submit"
      >
        <Send aria-hidden="true" size={18} />
        {isSubmitting ? t('product.reviewForm.sending') : t('product.reviewForm.submit')}
      </button>
    </form>
  );
}

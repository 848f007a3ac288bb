import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MessageSquareOff, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { useSiteSetting } from '@/api/site-config';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert, TextareaField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { submitError } from '@/lib/forms/submit-errors';
import { notify } from '@/lib/toast';

import { submitForm, type FormBodies, type FormKind } from '../api/forms';
import { FORM_SPECS } from '../lib/form-specs';

import './forms.css';

function kindOf(pathname: string): FormKind {
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  return slug === 'wholesale' || slug === 'affiliate' || slug === 'feedback' ? slug : 'sale';
}

function FormBody({ kind }: { kind: FormKind }) {
  const { t } = useTranslation();
  const spec = FORM_SPECS[kind];
  const empty = Object.fromEntries(spec.fields.map((field) => [field.name, '']));
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(spec.schema),
    defaultValues: empty,
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: Record<string, string>): Promise<void> => {
    setFormError(null);
    try {
      await submitForm(kind, values as unknown as FormBodies[typeof kind]);
      notify.success(t('api.form.submitted'));
      form.reset(empty);
      setSent(true);
    } catch (error) {
      setFormError(
        submitError(
          error,
          form.setError,
          spec.fields.map((field) => field.name),
        ),
      );
    }
  };
  return (
    <form
      className="ks-form-page__card"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid={`form-${kind}`}
    >
      {sent ? (
        <FormAlert tone="success" testId="form-sent">
          <CheckCircle2 aria-hidden="true" size={18} /> {t('forms.sent')}
        </FormAlert>
      ) : null}
      <div className="ks-form-page__grid">
        {spec.fields.map((field) =>
          field.control === 'textarea' ? (
            <TextareaField
              key={field.name}
              className={field.wide ? 'ks-form-page__wide' : undefined}
              label={t(field.labelKey)}
              rows={6}
              optional={field.optional}
              error={errors[field.name]?.message}
              testId={`form-${field.name}`}
              {...form.register(field.name)}
            />
          ) : (
            <TextField
              key={field.name}
              label={t(field.labelKey)}
              type={field.control === 'email' ? 'email' : 'text'}
              autoComplete={field.autoComplete}
              optional={field.optional}
              error={errors[field.name]?.message}
              testId={`form-${field.name}`}
              {...form.register(field.name)}
            />
          ),
        )}
      </div>
      <FormAlert testId="form-error">{formError}</FormAlert>
      <button
        type="submit"
        className="ks-button ks-button--primary"
        disabled={isSubmitting}
        data-testid="form-submit"
      >
        <Send aria-hidden="true" size={18} />
        {isSubmitting ? t('forms.sending') : t('forms.submit')}
      </button>
    </form>
  );
}

/**
 * /sale, /wholesale, /affiliate and /feedback: stored for staff, confirmed by e-mail. The
 * feedback form follows its switch (the `feedbackEnabled` site setting).
 */
export function FormPageRoute() {
  const { t } = useTranslation();
  const kind = kindOf(useLocation().pathname);
  const spec = FORM_SPECS[kind];
  const feedbackClosed = useSiteSetting('feedbackEnabled') === 'false' && kind === 'feedback';
  return (
    <div className="ks-container ks-page ks-form-page" data-testid={`form-page-${kind}`}>
      <Breadcrumbs
        items={[{ label: t('nav.home'), to: paths.home }, { label: t(spec.titleKey) }]}
      />
      <h1 className="ks-page__title">{t(spec.titleKey)}</h1>
      {feedbackClosed ? (
        <EmptyState
          icon={MessageSquareOff}
          title={t('forms.feedback.closed')}
          testId="feedback-closed"
        />
      ) : (
        <>
          <p className="ks-form-page__intro">{t(spec.introKey)}</p>
          <FormBody key={kind} kind={kind} />
        </>
      )}
    </div>
  );
}

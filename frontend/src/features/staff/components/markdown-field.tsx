import { useMutation } from '@tanstack/react-query';
import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { FormAlert, TextareaField, errorText } from '@/components/ui/form-field';
import { RichText } from '@/components/ui/rich-text';
import { ApiError } from '@/lib/http/envelope';

import { previewMarkdown } from '../api/content';

/**
 * A Markdown text with a preview: the server renders and sanitises it exactly as the shop
 * will show it (headings, lists, links; no script survives).
 */
export function MarkdownField({
  label,
  value,
  onChange,
  error,
  lang,
  dir,
  rows = 12,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  rows?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const preview = useMutation({ mutationFn: previewMarkdown });
  const show = (): void => {
    setPreviewing(true);
    preview.mutate(value);
  };
  return (
    <div className="ks-staff__markdown">
      <div className="ks-staff__markdown-bar">
        <button
          type="button"
          className="ks-button ks-button--ghost ks-button--small"
          aria-pressed={previewing}
          onClick={previewing ? () => setPreviewing(false) : show}
          data-testid={`${testId}-preview`}
        >
          {previewing ? <Pencil size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {previewing ? t('staff.content.edit') : t('staff.content.preview')}
        </button>
      </div>
      {previewing ? (
        <div className="ks-staff__preview" aria-live="polite" aria-busy={preview.isPending}>
          <p className="ks-staff__muted">{label}</p>
          {preview.data ? (
            <RichText html={preview.data.html} lang={lang} testId={`${testId}-rendered`} />
          ) : null}
          <FormAlert>
            {preview.error instanceof ApiError ? errorText(preview.error.msgKey) : null}
          </FormAlert>
        </div>
      ) : (
        <TextareaField
          label={label}
          hint={t('staff.content.markdownHint')}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          lang={lang}
          dir={dir}
          testId={testId}
        />
      )}
    </div>
  );
}

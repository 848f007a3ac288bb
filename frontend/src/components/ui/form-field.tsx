import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { translateIfKnown } from '@/lib/i18n/i18n';

import './form-field.css';

/** The wiring a control gets from its field: its id and what describes it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field variant takes besides its control's own attributes. */
export interface FieldProps {
  label: ReactNode;
  /** Help under the control (read with it through `aria-describedby`). */
  hint?: ReactNode;
  /** Shows the hint as a warning (a counter over its limit). */
  hintWarning?: boolean;
  /** The error: a catalogue key, as the schemas and the server give them, or a text. */
  error?: string | undefined;
  /** `data-testid` of the error text; `error-<name>` by default. */
  errorTestId?: string;
  /** Class of the field's wrapper. */
  className?: string;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  /** `data-testid` of the control. */
  testId?: string;
}

function joinIds(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/** The ids of a field and the aria attributes of its control. */
function useFieldWiring(hasHint: boolean, error: string | undefined, id?: string) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': joinIds(error ? errorId : undefined, hasHint && hintId),
  };
  return { control, errorId, hintId };
}

/** The text of an error: the catalogue's text of a key, else the text as it is. */
export function errorText(error: string): string {
  return translateIfKnown(error) ?? error;
}

/** An error under a control; `id` is what the control's `aria-describedby` points at. */
export function FieldError({
  id,
  error,
  testId,
}: {
  id: string;
  error: string | undefined;
  testId?: string | undefined;
}) {
  if (!error) return null;
  return (
    <p id={id} className="ks-field__error" data-testid={testId}>
      {errorText(error)}
    </p>
  );
}

function FieldHint({ id, hint, warning }: { id: string; hint: ReactNode; warning?: boolean }) {
  if (hint === undefined || hint === null || hint === false) return null;
  return (
    <p id={id} className="ks-field__hint" data-over={warning === true ? true : undefined}>
      {hint}
    </p>
  );
}

function OptionalMark({ optional }: { optional: boolean | undefined }) {
  const { t } = useTranslation();
  if (!optional) return null;
  return <span className="ks-field__optional">{t('form.optional')}</span>;
}

interface FormFieldProps extends Omit<FieldProps, 'testId'> {
  /** The form name of the control (for the error's test id). */
  name?: string | undefined;
  /** A fixed id for the control (a generated one otherwise). */
  id?: string;
  /** Draws the control with the wiring it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled control with its hint and its error, wired for assistive technology: the
 * label names the control, `aria-invalid` marks it while it has an error, and
 * `aria-describedby` reads the error and the hint with it. Errors are catalogue keys
 * (the zod schemas and the server's 400 use the same ones) and are translated here.
 */
export function FormField({
  label,
  hint,
  hintWarning,
  error,
  errorTestId,
  className,
  optional,
  name,
  id,
  children,
}: FormFieldProps) {
  useTranslation();
  const hasHint = hint !== undefined && hint !== null && hint !== false;
  const { control, errorId, hintId } = useFieldWiring(hasHint, error, id);
  return (
    <div className={['ks-field', className].filter(Boolean).join(' ')}>
      <label className="ks-field__label" htmlFor={control.id}>
        {label}
        <OptionalMark optional={optional} />
      </label>
      {children(control)}
      <FieldHint id={hintId} hint={hint} warning={hintWarning} />
      <FieldError
        id={errorId}
        error={error}
        testId={errorTestId ?? (name ? `error-${name}` : undefined)}
      />
    </div>
  );
}

type NativeProps<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentPropsWithRef<E>,
  'id' | 'aria-invalid' | 'aria-describedby' | 'className'
>;

/** Splits the field's own props from the control's. */
function fieldPropsOf<P extends FieldProps>(props: P) {
  const { label, hint, hintWarning, error, errorTestId, className, optional, testId, ...control } =
    props;
  return {
    field: { label, hint, hintWarning, error, errorTestId, className, optional },
    testId,
    control,
  };
}

export type TextFieldProps = FieldProps & NativeProps<'input'> & { controlId?: string };

/** A text input (text, e-mail, tel, …); spread react-hook-form's `register(name)` into it. */
export function TextField(props: TextFieldProps) {
  const { field, testId, control } = fieldPropsOf(props);
  const { controlId, ...input } = control;
  return (
    <FormField {...field} name={input.name} id={controlId}>
      {(wiring) => <input className="ks-input" data-testid={testId} {...input} {...wiring} />}
    </FormField>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { field, testId, control } = fieldPropsOf(props);
  const { controlId, ...input } = control;
  return (
    <FormField {...field} name={input.name} id={controlId}>
      {(wiring) => (
        <div className="ks-input-group">
          <input
            className="ks-input ks-input-group__input"
            data-testid={testId}
            autoCapitalize="off"
            spellCheck={false}
            {...input}
            {...wiring}
            type={visible ? 'text' : 'password'}
          />
          <button
            type="button"
            className="ks-input-group__action"
            aria-label={t('form.showPassword')}
            aria-pressed={visible}
            aria-controls={wiring.id}
            data-testid={testId ? `${testId}-toggle` : undefined}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? (
              <EyeOff aria-hidden="true" size={18} />
            ) : (
              <Eye aria-hidden="true" size={18} />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}

export type TextareaFieldProps = FieldProps & NativeProps<'textarea'> & { controlId?: string };

export function TextareaField(props: TextareaFieldProps) {
  const { field, testId, control } = fieldPropsOf(props);
  const { controlId, ...textarea } = control;
  return (
    <FormField {...field} name={textarea.name} id={controlId}>
      {(wiring) => (
        <textarea className="ks-textarea" data-testid={testId} {...textarea} {...wiring} />
      )}
    </FormField>
  );
}

export type SelectFieldProps = FieldProps & NativeProps<'select'> & { controlId?: string };

/** A native select as wide as the form (its options are the children). */
export function SelectField(props: SelectFieldProps) {
  const { field, testId, control } = fieldPropsOf(props);
  const { controlId, children, ...select } = control;
  return (
    <FormField {...field} name={select.name} id={controlId}>
      {(wiring) => (
        <select className="ks-select ks-select--block" data-testid={testId} {...select} {...wiring}>
          {children}
        </select>
      )}
    </FormField>
  );
}

export type CheckboxFieldProps = Omit<FieldProps, 'optional'> &
  Omit<NativeProps<'input'>, 'type'> & { controlId?: string };

/** A checkbox with its label beside it (the label may hold links). */
export function CheckboxField(props: CheckboxFieldProps) {
  useTranslation();
  const { field, testId, control } = fieldPropsOf(props);
  const { controlId, ...input } = control;
  const hasHint = field.hint !== undefined && field.hint !== null && field.hint !== false;
  const { control: wiring, errorId, hintId } = useFieldWiring(hasHint, field.error, controlId);
  return (
    <div className={['ks-field', 'ks-field--check', field.className].filter(Boolean).join(' ')}>
      <div className="ks-check">
        <input
          type="checkbox"
          className="ks-check__input"
          data-testid={testId}
          {...input}
          {...wiring}
        />
        <label className="ks-check__label" htmlFor={wiring.id}>
          {field.label}
        </label>
      </div>
      <FieldHint id={hintId} hint={field.hint} warning={field.hintWarning} />
      <FieldError
        id={errorId}
        error={field.error}
        testId={field.errorTestId ?? (input.name ? `error-${input.name}` : undefined)}
      />
    </div>
  );
}

/** A message about the whole form (what no single field explains), read out when it appears. */
export function FormAlert({
  children,
  testId,
  tone = 'error',
}: {
  children: ReactNode;
  testId?: string;
  tone?: 'error' | 'warning' | 'success' | 'info';
}) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <div
      className={`ks-form-alert ks-form-alert--${tone}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

import * as z from 'zod/mini';

import { optionalText, requiredText } from '@/lib/forms/member-rules';
import type { TranslationKey } from '@/lib/i18n/i18n';

import type { FormKind } from '../api/forms';

/** One field of a public form: its name in the body, label and control. */
export interface FormFieldSpec {
  name: string;
  labelKey: TranslationKey;
  control: 'text' | 'email' | 'textarea';
  optional?: boolean;
  autoComplete?: string;
  wide?: boolean;
}

export interface FormSpec {
  titleKey: TranslationKey;
  introKey: TranslationKey;
  fields: readonly FormFieldSpec[];
  schema: z.ZodMiniType<Record<string, string>, Record<string, string>>;
}

/** The server's limits of the form fields (characters). */
const SHORT = 120;
const MEDIUM = 500;
const LONG = 4000;

/** A form's e-mail: required, then well-formed (`api.field.email`). */
function formEmail() {
  return z
    .string()
    .check(z.trim(), z.minLength(1, 'api.field.required'), z.email('api.field.email'));
}

const email: FormFieldSpec = {
  name: 'email',
  labelKey: 'forms.email',
  control: 'email',
  autoComplete: 'email',
};
const name: FormFieldSpec = {
  name: 'name',
  labelKey: 'forms.name',
  control: 'text',
  autoComplete: 'name',
};
const message = (optional: boolean): FormFieldSpec => ({
  name: 'message',
  labelKey: 'forms.message',
  control: 'textarea',
  optional,
  wide: true,
});

/** The four public forms, with the server's rules and message keys. */
export const FORM_SPECS: Readonly<Record<FormKind, FormSpec>> = {
  sale: {
    titleKey: 'forms.sale.title',
    introKey: 'forms.sale.intro',
    fields: [
      name,
      { name: 'region', labelKey: 'forms.region', control: 'text' },
      email,
      {
        name: 'confirmEmail',
        labelKey: 'forms.confirmEmail',
        control: 'email',
        autoComplete: 'email',
      },
      { name: 'description', labelKey: 'forms.sale.description', control: 'textarea', wide: true },
    ],
    schema: z
      .object({
        name: requiredText(SHORT),
        region: requiredText(SHORT),
        email: formEmail(),
        confirmEmail: z.string().check(z.trim(), z.minLength(1, 'api.field.required')),
        description: requiredText(LONG),
      })
      .check(
        z.refine((values) => values.email.toLowerCase() === values.confirmEmail.toLowerCase(), {
          message: 'api.form.emailMismatch',
          path: ['confirmEmail'],
        }),
      ),
  },
  wholesale: {
    titleKey: 'forms.wholesale.title',
    introKey: 'forms.wholesale.intro',
    fields: [
      {
        name: 'company',
        labelKey: 'forms.wholesale.company',
        control: 'text',
        autoComplete: 'organization',
      },
      {
        name: 'contactName',
        labelKey: 'forms.wholesale.contactName',
        control: 'text',
        autoComplete: 'name',
      },
      email,
      { name: 'products', labelKey: 'forms.wholesale.products', control: 'text' },
      { name: 'quantities', labelKey: 'forms.wholesale.quantities', control: 'text' },
      message(true),
    ],
    schema: z.object({
      company: requiredText(SHORT),
      contactName: requiredText(SHORT),
      email: formEmail(),
      products: requiredText(MEDIUM),
      quantities: requiredText(MEDIUM),
      message: optionalText(LONG),
    }),
  },
  affiliate: {
    titleKey: 'forms.affiliate.title',
    introKey: 'forms.affiliate.intro',
    fields: [
      name,
      email,
      {
        name: 'website',
        labelKey: 'forms.affiliate.website',
        control: 'text',
        autoComplete: 'url',
      },
      { name: 'audience', labelKey: 'forms.affiliate.audience', control: 'text', optional: true },
      message(false),
    ],
    schema: z.object({
      name: requiredText(SHORT),
      email: formEmail(),
      website: requiredText(SHORT),
      audience: optionalText(MEDIUM),
      message: requiredText(LONG),
    }),
  },
  feedback: {
    titleKey: 'forms.feedback.title',
    introKey: 'forms.feedback.intro',
    fields: [name, email, message(false)],
    schema: z.object({
      name: requiredText(SHORT),
      email: formEmail(),
      message: requiredText(LONG),
    }),
  },
};

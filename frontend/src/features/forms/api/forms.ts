import type {
  AffiliateFormBody,
  FeedbackFormBody,
  NewsletterSubscribeBody,
  NewsletterTokenBody,
  SaleFormBody,
  WholesaleFormBody,
} from '@/api/types';
import { api } from '@/lib/http/client';

export type FormKind = 'sale' | 'wholesale' | 'affiliate' | 'feedback';

export interface FormBodies {
  sale: SaleFormBody;
  wholesale: WholesaleFormBody;
  affiliate: AffiliateFormBody;
  feedback: FeedbackFormBody;
}

/** Each form's own call, so every body is checked against its path's schema. */
const FORM_SUBMITTERS: { [Kind in FormKind]: (body: FormBodies[Kind]) => Promise<unknown> } = {
  sale: (body) => api.post('/prod-api/api/forms/sale', { body, silent: true }),
  wholesale: (body) => api.post('/prod-api/api/forms/wholesale', { body, silent: true }),
  affiliate: (body) => api.post('/prod-api/api/forms/affiliate', { body, silent: true }),
  feedback: (body) => api.post('/prod-api/api/forms/feedback', { body, silent: true }),
};

export function submitForm<Kind extends FormKind>(
  kind: Kind,
  body: FormBodies[Kind],
): Promise<unknown> {
  return FORM_SUBMITTERS[kind](body);
}

export function subscribeNewsletter(body: NewsletterSubscribeBody): Promise<unknown> {
  return api.post('/prod-api/api/newsletter/subscribe', { body, silent: true });
}

export function confirmNewsletter(body: NewsletterTokenBody): Promise<unknown> {
  return api.post('/prod-api/api/newsletter/confirm', { body, silent: true });
}

export function unsubscribeNewsletter(body: NewsletterTokenBody): Promise<unknown> {
  return api.post('/prod-api/api/newsletter/unsubscribe', { body, silent: true });
}

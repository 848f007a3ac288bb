import type {
  AffiliateFormBody,
  FeedbackFormBody,
  NewsletterSubscribeBody,
  NewsletterTokenBody,
  SaleFormBody,
  WholesaleFormBody,
} from '@/api/member-types';
import { apiRequest } from '@/lib/http/client';

export type FormKind = 'sale' | 'wholesale' | 'affiliate' | 'feedback';

export interface FormBodies {
  sale: SaleFormBody;
  wholesale: WholesaleFormBody;
  affiliate: AffiliateFormBody;
  feedback: FeedbackFormBody;
}

export function submitForm<K extends FormKind>(kind: K, body: FormBodies[K]): Promise<null> {
  return apiRequest<null>(`/api/forms/${kind}`, { method: 'POST', body, silent: true });
}

export function subscribeNewsletter(body: NewsletterSubscribeBody): Promise<null> {
  return apiRequest<null>('/api/newsletter/subscribe', { method: 'POST', body, silent: true });
}

export function confirmNewsletter(body: NewsletterTokenBody): Promise<null> {
  return apiRequest<null>('/api/newsletter/confirm', { method: 'POST', body, silent: true });
}

export function unsubscribeNewsletter(body: NewsletterTokenBody): Promise<null> {
  return apiRequest<null>('/api/newsletter/unsubscribe', { method: 'POST', body, silent: true });
}

import type {
  ConsoleCurrencyDto,
  ConsoleLevelDto,
  ConsoleLevelsDto,
  ConsoleMethodDto,
  FormPageDto,
  FormSubmissionDto,
  ConsoleNewsBody,
  ConsoleNewsDto,
  ConsoleNewsPageDto,
  ConsolePageDto,
  ConsolePageLine,
  NewsletterBody,
  NewsletterDto,
  NewsletterPageDto,
} from '@/api/types';
import { api } from '@/lib/http/client';

import type { MethodBody } from '../lib/payment-form';

import { asStaff } from './staff';

/** Every news item, drafts and scheduled ones too, the latest publishing time first. */
export function staffNewsList(page: number): Promise<ConsoleNewsPageDto> {
  return api.get('/prod-api/api/staff/news', {
    ...asStaff(),
    params: { query: { page, limit: 20 } },
  });
}

export function staffNewsItem(id: number): Promise<ConsoleNewsDto> {
  return api.get('/prod-api/api/staff/news/{id}', { ...asStaff(), params: { path: { id } } });
}

/** A new item (no `id`), or item `id` rewritten at `body.version`. */
export function saveNews(body: ConsoleNewsBody, id?: number): Promise<ConsoleNewsDto> {
  if (id === undefined) {
    return api.post('/prod-api/api/staff/news', { ...asStaff(), body, silent: true });
  }
  return api.put('/prod-api/api/staff/news/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body,
    silent: true,
  });
}

/** Uploads `file` as the item's cover: sent as it is, the gateway reads the bytes. */
export function uploadNewsCover(id: number, version: number, file: Blob): Promise<ConsoleNewsDto> {
  return api.post('/prod-api/api/staff/news/{id}/cover', {
    ...asStaff(),
    params: { path: { id }, query: { version } },
    // The document types a binary body as a string; the browser sends the Blob's bytes.
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as Blob,
    headers: { ...asStaff().headers, 'Content-Type': 'application/octet-stream' },
    silent: true,
  });
}

export function removeNewsCover(id: number, version: number): Promise<ConsoleNewsDto> {
  return api.delete('/prod-api/api/staff/news/{id}/cover', {
    ...asStaff(),
    params: { path: { id }, query: { version } },
    silent: true,
  });
}

/** The six footer pages with the languages each is written in. */
export function staffPages(): Promise<ConsolePageLine[]> {
  return api.get('/prod-api/api/staff/pages', asStaff());
}

/** One language of a page (the English text, at version 0, when not written there yet). */
export function staffPage(slug: string, language: string): Promise<ConsolePageDto> {
  return api.get('/prod-api/api/staff/pages/{slug}/{language}', {
    ...asStaff(),
    params: { path: { slug, language } },
  });
}

export function savePage(
  slug: string,
  language: string,
  body: { version: number; title: string; body: string },
): Promise<ConsolePageDto> {
  return api.put('/prod-api/api/staff/pages/{slug}/{language}', {
    ...asStaff(),
    params: { path: { slug, language } },
    body,
    silent: true,
  });
}

/** Markdown as the shop will show it: the server's renderer and sanitiser. */
export function previewMarkdown(markdown: string): Promise<{ html: string }> {
  return api.post('/prod-api/api/staff/preview', {
    ...asStaff(),
    body: { markdown },
    silent: true,
  });
}

/** Every issue, newest first, with how many subscribers are confirmed now. */
export function staffNewsletters(page: number): Promise<NewsletterPageDto> {
  return api.get('/prod-api/api/staff/newsletters', {
    ...asStaff(),
    params: { query: { page, limit: 20 } },
  });
}

export function staffNewsletter(id: number): Promise<NewsletterDto> {
  return api.get('/prod-api/api/staff/newsletters/{id}', {
    ...asStaff(),
    params: { path: { id } },
  });
}

/** A new draft (no `id`), or draft `id` rewritten at `body.version`. */
export function saveNewsletter(body: NewsletterBody, id?: number): Promise<NewsletterDto> {
  if (id === undefined) {
    return api.post('/prod-api/api/staff/newsletters', { ...asStaff(), body, silent: true });
  }
  return api.put('/prod-api/api/staff/newsletters/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body,
    silent: true,
  });
}

/** Sends draft `id`: a copy to each subscriber confirmed now, going out in the background. */
export function sendNewsletter(id: number, version: number): Promise<NewsletterDto> {
  return api.post('/prod-api/api/staff/newsletters/{id}/send', {
    ...asStaff(),
    params: { path: { id } },
    body: { version },
    silent: true,
  });
}

/** The forms inbox, newest first, of one kind and status when given. */
export function staffForms(kind: string, status: string, page: number): Promise<FormPageDto> {
  return api.get('/prod-api/api/staff/forms', {
    ...asStaff(),
    params: { query: { kind: kind || undefined, status: status || undefined, page, limit: 20 } },
  });
}

/** E-mails `body` to the form's sender; the form is then replied. */
export function replyForm(id: number, version: number, body: string): Promise<FormSubmissionDto> {
  return api.post('/prod-api/api/staff/forms/{id}/reply', {
    ...asStaff(),
    params: { path: { id } },
    body: { version, body },
    silent: true,
  });
}

/** Closes a form, or opens it again (`new`). */
export function setFormStatus(
  id: number,
  version: number,
  status: 'new' | 'closed',
): Promise<FormSubmissionDto> {
  return api.put('/prod-api/api/staff/forms/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body: { version, status },
    silent: true,
  });
}

/** Every currency with its rate to the US dollar. */
export function staffCurrencies(): Promise<ConsoleCurrencyDto[]> {
  return api.get('/prod-api/api/staff/currencies', asStaff());
}

/** Sets a currency's rate: units per US dollar as a decimal ("0.92"). */
export function setCurrencyRate(code: string, rate: string): Promise<ConsoleCurrencyDto> {
  return api.put('/prod-api/api/staff/currencies/{code}', {
    ...asStaff(),
    params: { path: { code } },
    body: { rate },
    silent: true,
  });
}

/** Every payment method with its currencies and fees. */
export function staffPaymentMethods(): Promise<ConsoleMethodDto[]> {
  return api.get('/prod-api/api/staff/payment-methods', asStaff());
}

export function savePaymentMethod(code: string, body: MethodBody): Promise<ConsoleMethodDto> {
  return api.put('/prod-api/api/staff/payment-methods/{code}', {
    ...asStaff(),
    params: { path: { code } },
    body,
    silent: true,
  });
}

/** The membership levels, lowest threshold first, with the version to send back. */
export function staffLevels(): Promise<ConsoleLevelsDto> {
  return api.get('/prod-api/api/staff/levels', asStaff());
}

/** Replaces the whole level table (a level left out is removed). */
export function saveLevels(version: string, levels: ConsoleLevelDto[]): Promise<ConsoleLevelsDto> {
  return api.put('/prod-api/api/staff/levels', {
    ...asStaff(),
    body: { version, levels },
    silent: true,
  });
}

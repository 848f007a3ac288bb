import type { ConsoleNewsBody, ConsoleNewsDto, Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';

export interface NewsTextForm {
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
}

export interface NewsForm {
  author: string;
  published: boolean;
  /** A `datetime-local` value, in the browser's time zone. */
  publishedAt: string;
  texts: Record<Language, NewsTextForm>;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Epoch milliseconds as a `datetime-local` value in the browser's time zone. */
export function localDateTime(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

const emptyTexts = (): Record<Language, NewsTextForm> =>
  Object.fromEntries(
    LanguageValues.map((code) => [code, { title: '', summary: '', body: '' }]),
  ) as Record<Language, NewsTextForm>;

export function emptyNewsForm(now: number): NewsForm {
  return { author: '', published: false, publishedAt: localDateTime(now), texts: emptyTexts() };
}

export function formOfNews(news: ConsoleNewsDto): NewsForm {
  const texts = emptyTexts();
  for (const text of news.texts) {
    texts[text.language as Language] = {
      title: text.title,
      summary: text.summary ?? '',
      body: text.body,
    };
  }
  return {
    author: news.author,
    published: news.published,
    publishedAt: localDateTime(news.publishedAt),
    texts,
  };
}

const written = (text: NewsTextForm): boolean =>
  text.title.trim() !== '' || text.summary.trim() !== '' || text.body.trim() !== '';

/** The languages sent, in order: English, then every other one with something written. */
export function sentLanguages(form: NewsForm): Language[] {
  return [
    'en-US',
    ...LanguageValues.filter((code) => code !== 'en-US' && written(form.texts[code])),
  ];
}

/** The body of a save; `{ errors }` when the time is not one. */
export function bodyOfForm(
  form: NewsForm,
  version: number,
): { body: ConsoleNewsBody } | { errors: Record<string, string> } {
  const publishedAt = new Date(form.publishedAt).getTime();
  if (form.publishedAt === '' || Number.isNaN(publishedAt)) {
    return { errors: { publishedAt: 'api.field.invalid' } };
  }
  return {
    body: {
      version,
      author: form.author,
      published: form.published,
      publishedAt,
      texts: sentLanguages(form).map((language) => ({ language, ...form.texts[language] })),
    },
  };
}

/** Where the form shows a server field error: `texts[1].body` is the second sent language's. */
export function newsFieldOf(form: NewsForm, field: string): string {
  const match = /^texts\[(\d+)\]\.(\w+)$/.exec(field);
  if (!match) return field === 'texts' ? 'en-US.title' : field;
  const language = sentLanguages(form)[Number(match[1])];
  return language ? `${language}.${match[2] ?? ''}` : field;
}

/** Draft, scheduled (published, its time still to come) or published. */
export function newsState(news: ConsoleNewsDto, now: number): 'draft' | 'scheduled' | 'published' {
  if (!news.published) return 'draft';
  return news.publishedAt > now ? 'scheduled' : 'published';
}

import type { ConsoleNewsDto } from '@/api/types';

import {
  bodyOfForm,
  emptyNewsForm,
  formOfNews,
  localDateTime,
  newsFieldOf,
  newsState,
} from './news-form';

const news: ConsoleNewsDto = {
  id: 4,
  author: 'Ana',
  cover: '',
  published: true,
  publishedAt: new Date(2026, 10, 25, 9, 30).getTime(),
  clicks: 0,
  version: 2,
  updatedAt: 0,
  texts: [
    { language: 'en-US', title: 'Sale', summary: 'Half price', body: '**All** keys' },
    { language: 'ja', title: 'セール', summary: '', body: '全品' },
  ],
  missingLanguages: [],
};

describe('the news form', () => {
  it('round-trips an item through the form, English first and only languages written', () => {
    const form = formOfNews(news);
    expect(form.publishedAt).toBe('2026-11-25T09:30');
    form.texts.de.title = 'Angebot';
    const result = bodyOfForm(form, 2);
    if (!('body' in result)) throw new Error('expected a body');
    expect(result.body.publishedAt).toBe(news.publishedAt);
    expect(result.body.texts.map((text) => text.language)).toEqual(['en-US', 'de', 'ja']);
    expect(result.body.version).toBe(2);
  });

  it('names the language of a server field error by the order sent', () => {
    const form = formOfNews(news);
    expect(newsFieldOf(form, 'texts[1].body')).toBe('ja.body');
    expect(newsFieldOf(form, 'texts')).toBe('en-US.title');
    expect(newsFieldOf(form, 'publishedAt')).toBe('publishedAt');
  });

  it('refuses a missing time before sending', () => {
    const form = emptyNewsForm(0);
    form.publishedAt = '';
    expect(bodyOfForm(form, 0)).toEqual({ errors: { publishedAt: 'api.field.invalid' } });
    expect(localDateTime(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02T03:04');
  });

  it('tells a draft, a scheduled and a published item apart', () => {
    expect(newsState({ ...news, published: false }, 0)).toBe('draft');
    expect(newsState(news, news.publishedAt - 1)).toBe('scheduled');
    expect(newsState(news, news.publishedAt)).toBe('published');
  });
});

import { expect, test } from '@playwright/test';

import { apiData } from './support';

interface NewsPage {
  rows: { id: number; title: string }[];
  total: number;
}

interface SitePage {
  slug: string;
  title: string;
  body: string;
}

test('the news list leads to a news page', async ({ page, request }) => {
  const news = await apiData<NewsPage>(request, '/prod-api/api/home/gamesNews?page=1&limit=10');
  const [first] = news.rows;
  if (!first) throw new Error('the demo store has no news');

  await page.goto('/news');
  const cards = page.getByTestId('news-card');
  await expect(cards).toHaveCount(news.rows.length);
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/newsInfo\\?id=${first.id}$`));
  const article = page.getByTestId('news-article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(first.title);
  await expect(page).toHaveTitle(new RegExp(`^${first.title.slice(0, 20)}`));
});

test('a missing news item says "Sorry, no news information!"', async ({ page }) => {
  await page.goto('/newsInfo?id=987654321');
  await expect(page.getByTestId('news-none')).toContainText('Sorry, no news information!');
  await page.goto('/newsInfo');
  await expect(page.getByTestId('news-none')).toContainText('Sorry, no news information!');
});

test('a footer page shows its text from the store', async ({ page, request }) => {
  const terms = await apiData<SitePage>(request, '/prod-api/api/home/page/condition');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/condition$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(terms.title);
  const firstLine = terms.body
    .split('\n')
    .find((line) => line.trim() !== '' && !line.startsWith('## '));
  if (firstLine)
    await expect(page.getByTestId('site-page-condition')).toContainText(firstLine.trim());
});

import { screen, within } from '@testing-library/react';

import { createSeededQueryClient, renderApp } from '@/testing/render-app';

import { newsItemQueryOptions } from '../api/get-news-item';
import { newsListQueryOptions } from '../api/get-news-list';

describe('news', () => {
  it('lists news as cards linking to /newsInfo?id=…', async () => {
    const client = createSeededQueryClient();
    client.setQueryData(newsListQueryOptions('en-US', 1).queryKey, {
      rows: [
        {
          id: 3,
          title: 'Summer sale starts',
          summary: 'Up to 80% off.',
          cover: '/prod-api/api/media/news/3.svg',
          publishedAt: '2026-07-01T10:00:00Z',
          clicks: 120,
          body: '',
          html: '',
          author: '',
        },
      ],
      total: 1,
      page: 1,
      limit: 10,
    });
    renderApp('/news', client);
    const card = await screen.findByTestId('news-card');
    expect(within(card).getByRole('link', { name: 'Summer sale starts' })).toHaveAttribute(
      'href',
      '/newsInfo?id=3',
    );
    expect(card).toHaveTextContent('July 1, 2026');
    expect(card).toHaveTextContent('120 views');
  });

  it('shows a news item', async () => {
    const client = createSeededQueryClient();
    client.setQueryData(newsItemQueryOptions('en-US', 3).queryKey, {
      id: 3,
      title: 'Summer sale starts',
      summary: 'Up to 80% off.',
      body: 'The sale runs for two weeks.\n\n## Where\nEverywhere.',
      html: '<p>The sale runs for two weeks.</p>\n<h2>Where</h2>\n<p>Everywhere.</p>\n',
      author: 'Ana',
      cover: '/prod-api/api/media/news/3.svg',
      publishedAt: '2026-07-01T10:00:00Z',
      clicks: 121,
    });
    renderApp('/newsInfo?id=3', client);
    const article = await screen.findByTestId('news-article');
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Summer sale starts',
    );
    expect(within(article).getByRole('heading', { level: 2, name: 'Where' })).toBeInTheDocument();
    expect(within(article).getByTestId('news-author')).toHaveTextContent('Ana');
  });

  it('says "Sorry, no news information!" without an id', async () => {
    renderApp('/newsInfo');
    expect(await screen.findByTestId('news-none')).toHaveTextContent('Sorry, no news information!');
  });
});

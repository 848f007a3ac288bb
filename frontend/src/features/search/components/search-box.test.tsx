import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { SuggestionDto } from '@/api/types';
import { createSeededQueryClient, currentPath, renderApp } from '@/testing/render-app';

import { suggestionsQueryOptions } from '../api/get-suggestions';

const JAPANESE: Record<string, string> = { ja: '紅の辺境 1' };
const NONE: Record<string, string> = {};

const SUGGESTIONS: SuggestionDto[] = Array.from({ length: 10 }, (_, index) => ({
  title: `Crimson Frontier ${index + 1}`,
  gameName: `crimson-frontier-${index + 1}`,
  gameExtName: 'steam-global',
  platform: 'steam',
  cover: `/prod-api/api/media/cover/${index + 1}.svg`,
  titles: index === 0 ? JAPANESE : NONE,
}));

function renderWithSuggestions(path = '/') {
  const client = createSeededQueryClient();
  client.setQueryData(suggestionsQueryOptions('en-US', 'crimsn').queryKey, SUGGESTIONS);
  return renderApp(path, client);
}

describe('header search', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const setup = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('suggests at most 8 products after a pause in typing', async () => {
    const user = setup();
    renderWithSuggestions();
    const input = await screen.findByRole('combobox', { name: 'Search games' });
    await user.type(input, 'crimsn');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    act(() => {
      jest.advanceTimersByTime(300);
    });
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(8);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the suggestions with the arrow keys and opens one with Enter', async () => {
    const user = setup();
    const { router } = renderWithSuggestions();
    const input = await screen.findByRole('combobox', { name: 'Search games' });
    await user.type(input, 'crimsn');
    act(() => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option')[7]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(currentPath(router)).toBe('/crimson-frontier-8/steam-global');
    });
  });

  it('searches /games?text=… with Enter when no suggestion is chosen', async () => {
    const user = setup();
    const { router } = renderWithSuggestions();
    const input = await screen.findByRole('combobox', { name: 'Search games' });
    await user.type(input, 'crimson frontier{Enter}');
    await waitFor(() => {
      expect(currentPath(router)).toBe('/games?text=crimson+frontier');
    });
    expect(screen.getByRole('combobox', { name: 'Search games' })).toHaveValue('crimson frontier');
  });

  it('closes with Escape, then clears', async () => {
    const user = setup();
    renderWithSuggestions();
    const input = await screen.findByRole('combobox', { name: 'Search games' });
    await user.type(input, 'crimsn');
    act(() => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { useAppNavigate } from '@/lib/navigation/use-app-navigate';
import { i18n } from '@/lib/i18n/i18n';
import type { ScrollEnvironment } from '@/lib/navigation/scroll';
import { useAppStore } from '@/stores/app-store';

import { useNavigationRules } from './use-navigation-rules';

function fakeScroll(startY = 600, reducedMotion = false) {
  const scrolledTo: number[] = [];
  const env: ScrollEnvironment = {
    getScrollY: () => startY,
    scrollTo: (y) => scrolledTo.push(y),
    requestFrame: () => 1,
    cancelFrame: () => undefined,
    now: () => 0,
    prefersReducedMotion: () => reducedMotion,
  };
  return { env, scrolledTo };
}

const history: string[] = [];

function Probe({ scroll }: { scroll: ScrollEnvironment }) {
  useNavigationRules({ scrollEnvironment: scroll });
  const navigate = useAppNavigate();
  const location = useLocation();
  const type = useNavigationType();
  history.push(`${type} ${location.pathname}${location.search}${location.hash}`);
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>
      <AppLink to="/games?page=2">games</AppLink>
      <AppLink to="/">home</AppLink>
      <button
        type="button"
        onClick={() => {
          navigate('/games?page=2');
        }}
      >
        go to games
      </button>
    </>
  );
}

function renderAt(path: string, scroll = fakeScroll().env) {
  history.length = 0;
  const router = createMemoryRouter(
    [
      { path: '/', element: <Probe scroll={scroll} /> },
      { path: '/games', element: <Probe scroll={scroll} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;
const language = () => useAppStore.getState().language;

/** Stores a language as an earlier visit would have (the persisted slice names it). */
function storeLanguage(code: 'en-US' | 'fr' | 'ja' | 'de' | 'it'): void {
  useAppStore.setState({ language: code });
}

describe('navigation rules: lang query', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.setState({ language: 'en-US' });
    localStorage.clear();
  });

  it('L1: no lang, English stored: the address is kept', () => {
    storeLanguage('en-US');
    const router = renderAt('/games?page=2');
    expect(language()).toBe('en-US');
    expect(where()).toBe('/games?page=2');
    expect(router.state.historyAction).toBe('POP');
  });

  it('L1: no lang, a stored non-English language is added with a replace', () => {
    storeLanguage('fr');
    const router = renderAt('/games?page=2#list');
    expect(language()).toBe('fr');
    expect(where()).toBe('/games?page=2&lang=fr#list');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('L2: ?lang=de switches to German, persists it and stays in the address', () => {
    const router = renderAt('/games?lang=de');
    expect(language()).toBe('de');
    expect(JSON.parse(localStorage.getItem('keyshop-store') ?? '{}')).toMatchObject({
      state: { language: 'de' },
    });
    expect(where()).toBe('/games?lang=de');
    expect(router.state.historyAction).toBe('POP');
  });

  it('L3: ?lang=DE (another case) switches to de and writes the canonical code', () => {
    renderAt('/?lang=DE');
    expect(language()).toBe('de');
    expect(where()).toBe('/?lang=de');
  });

  it('L4: an unsupported lang is rewritten to the stored language', () => {
    storeLanguage('ja');
    const router = renderAt('/games?page=2&lang=xx');
    expect(language()).toBe('ja');
    expect(where()).toBe('/games?page=2&lang=ja');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('L4: an unsupported lang with nothing stored goes home', () => {
    const router = renderAt('/games?lang=xx');
    expect(where()).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('L5: the current language changes nothing', () => {
    storeLanguage('ja');
    const original = useAppStore.getState().setLanguage;
    const setLanguage = jest.fn();
    useAppStore.setState({ setLanguage });
    const router = renderAt('/?lang=ja');
    expect(setLanguage).not.toHaveBeenCalled();
    expect(where()).toBe('/?lang=ja');
    expect(router.state.historyAction).toBe('POP');
    act(() => {
      useAppStore.setState({ setLanguage: original });
    });
  });

  it('applies the rules on later navigations too', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/games?lang=ko&page=3'));
    expect(language()).toBe('ko');
    expect(where()).toBe('/games?lang=ko&page=3');
    await act(() => router.navigate('/'));
    expect(where()).toBe('/?lang=ko');
  });

  it('the address follows a language picked in the switcher', () => {
    storeLanguage('de');
    renderAt('/games?page=2');
    expect(where()).toBe('/games?page=2&lang=de');
    act(() => useAppStore.getState().setLanguage('it'));
    expect(where()).toBe('/games?page=2&lang=it');
    act(() => useAppStore.getState().setLanguage('en-US'));
    expect(where()).toBe('/games?page=2');
    expect(language()).toBe('en-US');
  });
});

describe('navigation rules: scroll and same place', () => {
  it('scrolls to the top on every navigation, at once with reduced motion', async () => {
    const { env, scrolledTo } = fakeScroll(600, true);
    const router = renderAt('/', env);
    scrolledTo.length = 0;
    await act(() => router.navigate('/games'));
    expect(scrolledTo).toEqual([0]);
  });

  it('leaves the address the page was loaded at where the browser put it', () => {
    const { env, scrolledTo } = fakeScroll(600, true);
    const getScrollY = jest.fn(env.getScrollY);
    env.getScrollY = getScrollY;
    renderAt('/games', env);
    expect(getScrollY).not.toHaveBeenCalled();
    expect(scrolledTo).toEqual([]);
  });

  it('animates the scroll otherwise (frames requested, no jump)', async () => {
    const { env, scrolledTo } = fakeScroll(600, false);
    const requestFrame = jest.fn(() => 1);
    env.requestFrame = requestFrame;
    const router = renderAt('/', env);
    requestFrame.mockClear();
    await act(() => router.navigate('/games'));
    expect(requestFrame).toHaveBeenCalled();
    expect(scrolledTo).toEqual([]);
  });

  it('ignores a click on a link to the current place', async () => {
    const user = userEvent.setup();
    const router = renderAt('/games?page=2');
    const before = history.length;
    await user.click(screen.getByRole('link', { name: 'games' }));
    expect(history.length).toBe(before);
    expect(router.state.historyAction).toBe('POP');

    await user.click(screen.getByRole('link', { name: 'home' }));
    expect(where()).toBe('/');
    expect(router.state.historyAction).toBe('PUSH');
  });
});

describe('useAppNavigate', () => {
  it('ignores navigate() to the current place and performs it elsewhere', async () => {
    const user = userEvent.setup();
    const router = renderAt('/games?page=2');
    const before = history.length;
    await user.click(screen.getByRole('button', { name: 'go to games' }));
    expect(history.length).toBe(before);
    expect(router.state.historyAction).toBe('POP');

    await act(() => router.navigate('/'));
    await user.click(screen.getByRole('button', { name: 'go to games' }));
    expect(where()).toBe('/games?page=2');
    expect(router.state.historyAction).toBe('PUSH');
  });
});

afterAll(async () => {
  await i18n.changeLanguage('en-US');
});

import { act, render, screen } from '@testing-library/react';

import { activateLanguage, initI18n } from './i18n';
import { useTranslation, type Translation } from './use-translation';

function Title({ seen }: { seen: Translation['t'][] }) {
  const { t } = useTranslation();
  seen.push(t);
  return <h1>{t('pageTitle.home')}</h1>;
}

afterEach(async () => {
  await activateLanguage('en-US');
});

test('components share the language’s t and re-render in a language switched to', async () => {
  await initI18n('en-US');
  const seen: Translation['t'][] = [];
  render(
    <>
      <Title seen={seen} />
      <Title seen={seen} />
    </>,
  );
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
    'Game keys delivered instantly',
    'Game keys delivered instantly',
  ]);
  expect(seen).toHaveLength(2);
  expect(seen[0]).toBe(seen[1]);

  await act(() => activateLanguage('de'));

  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
    'Game-Keys mit Sofortlieferung',
    'Game-Keys mit Sofortlieferung',
  ]);
  expect(seen).toHaveLength(4);
  expect(seen[2]).toBe(seen[3]);
  expect(seen[2]).not.toBe(seen[0]);
});

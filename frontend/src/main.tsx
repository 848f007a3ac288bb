import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { chooseLanguage, loadLanguage, prefetchFirstScreen } from '@/app/bootstrap';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';

import './styles/index.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const language = chooseLanguage(window.location, window.history);
  // Created now (the address is final), the router matches it once and starts loading the
  // page's chunks while the catalogue and the first screen's answers load.
  const router = createAppRouter();
  const queryClient = createQueryClient();
  await Promise.all([
    loadLanguage(language),
    prefetchFirstScreen(queryClient, window.location.pathname, language),
  ]);
  createRoot(root).render(<App queryClient={queryClient} router={router} />);
}

void start();

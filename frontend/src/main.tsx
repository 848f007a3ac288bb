import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { chooseLanguage, loadLanguage, prefetchFirstScreen } from '@/app/bootstrap';
import { createQueryClient } from '@/app/query-client';
import { preloadRoutes } from '@/app/routes';

import './styles/index.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  preloadRoutes(window.location.pathname);
  const language = chooseLanguage(window.location, window.history);
  const queryClient = createQueryClient();
  await Promise.all([
    loadLanguage(language),
    prefetchFirstScreen(queryClient, window.location.pathname, language),
  ]);
  createRoot(root).render(<App queryClient={queryClient} />);
}

void start();

import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { bootstrapLanguage } from '@/app/bootstrap';
import { preloadRoutes } from '@/app/routes';

import './styles/index.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  preloadRoutes(window.location.pathname);
  await bootstrapLanguage(window.location, window.history);
  createRoot(root).render(<App />);
}

void start();

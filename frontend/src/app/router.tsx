import { createBrowserRouter } from 'react-router';

import { routes } from './routes';

/**
 * History-mode router; the gateway serves `index.html` for every unknown path. Created, it
 * matches the address and starts loading the matched pages' chunks.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

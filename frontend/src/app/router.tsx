import { createBrowserRouter } from 'react-router';

import { routes } from './routes';

/** History-mode router; the gateway serves `index.html` for every unknown path. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

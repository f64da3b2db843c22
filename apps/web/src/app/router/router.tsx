import { createBrowserRouter } from 'react-router';
import { createPrefetcher } from './prefetch.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);
/** Loads a path's page code ahead of navigation (on intent; prefetch.ts). */
export const prefetch = createPrefetcher(routes);

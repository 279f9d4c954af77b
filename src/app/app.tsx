import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { browserQueryClient } from '../first-load/browser-query-client';
import { AppProvider } from './provider';
import { appRoutes } from './router';

/** The app's screens, under whichever router the page gives them (see App). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

interface AppProps {
  /**
   * A router around <AppRoutes />: the browser's own (src/main.tsx), or a memory router at the
   * page's address for the build's prerender and the server's render.
   */
  children: ReactNode;
  /** The server renders each request with a client of its own; the browser uses its one. */
  queryClient?: QueryClient;
}

/**
 * The whole app around a router. The same tree renders in the browser and on the server, for
 * the sign-in screens prerendered at build time and the screens rendered per request
 * (src/first-load/server-entry.tsx), so the browser can hydrate that HTML. The routes are
 * React Router's declarative ones (`useRoutes`), not its data router: nothing here loads data
 * through the router, and its data router is 17 KB of gzip more on every first load
 * (docs/decisions/050).
 */
export function App({ children, queryClient = browserQueryClient }: AppProps) {
  return <AppProvider queryClient={queryClient}>{children}</AppProvider>;
}

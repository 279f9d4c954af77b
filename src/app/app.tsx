import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { browserQueryClient } from '../first-load/browser-query-client';
import { AppProvider } from './provider';

/** The browser's router, or the memory router the build prerenders a screen with. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  router: AppRouter;
  /** The server renders each request with a client of its own; the browser uses its one. */
  queryClient?: QueryClient;
}

/**
 * The whole app around a router. The same tree renders in the browser and on the server, for
 * the sign-in screens prerendered at build time and the screens rendered per request
 * (src/first-load/server-entry.tsx), so the browser can hydrate that HTML.
 */
export function App({ router, queryClient = browserQueryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

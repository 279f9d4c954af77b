import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';

/** The browser's router, or the memory router the build prerenders a screen with. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

// Made once, outside rendering: a first render thrown away and redone (an update interrupting
// it) would otherwise make a second client and lose what the first had put in its cache.
const queryClient = createQueryClient();

/**
 * The whole app around a router. The same tree renders in the browser and, at build time, for
 * the screens prerendered into HTML (src/prerender.tsx), so the browser can hydrate that HTML.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

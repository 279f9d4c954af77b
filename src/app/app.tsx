import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { appRoutes } from './router';

const router = createBrowserRouter(appRoutes);
// Made once, outside rendering: a first render thrown away and redone (an update interrupting
// it) would otherwise make a second client and lose what the first had put in its cache.
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

import type { RouteObject } from 'react-router-dom';
import { AccessGate } from './access-gate';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { routeAccess, type Access } from './routes';

// Screens arrive with their issues as `lazy` routes; until then a leaf renders nothing inside
// its layout (an explicit null element, which React Router accepts without a warning). The
// grouping by access below is the layout each kind of route is shown in.
const leaves = (...kinds: Access[]): RouteObject[] =>
  routeAccess
    .filter(({ access }) => kinds.includes(access))
    .map(({ path }) => ({ path, element: null }));

export const appRoutes: RouteObject[] = [
  {
    element: <AccessGate />,
    errorElement: <RouteError />,
    children: [
      { element: <AuthLayout />, children: leaves('visitor') },
      { element: <AppLayout />, children: leaves('user', 'staff') },
      { element: <PublicLayout />, children: leaves('public') },
      // AccessGate already redirects unknown paths to /; this only keeps React Router from
      // treating them as a 404 error first.
      { path: '*', element: null },
    ],
  },
];

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { screenOf } from '#src/app/lazy-screen';
import { appRoutes } from '#src/app/router';
import { SplashHold } from '#src/first-load/splash';
import { cssVariablesResolver, theme } from '#src/app/theme';

/** A fresh client per test with retries off, so a failing query fails at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface ProviderOptions {
  queryClient?: QueryClient;
}

/** Mantine in test mode (no transitions, no portals) and TanStack Query around `ui`. */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), ...options }: ProviderOptions & RenderOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
          <Notifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/**
 * The route table for React Router's memory data router, which the tests drive
 * (`router.navigate`, `router.state`): each lazy screen is loaded by the router before it renders
 * the route, as the app's root waits for it in a Suspense boundary (src/app/app-root.tsx), so
 * no render suspends inside testing-library's synchronous act().
 */
function loadedFirst(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const screen = screenOf(route);
    if (route.index) return route;
    return {
      ...route,
      ...(route.children ? { children: loadedFirst(route.children) } : {}),
      ...(screen
        ? {
            lazy: async () => {
              await screen.load();
              return {};
            },
          }
        : {}),
    };
  });
}

/** The app's routes as the tests' memory routers take them (see loadedFirst). */
export const testRoutes: RouteObject[] = loadedFirst(appRoutes).map((route) => ({
  ...route,
  // Nothing until the first screen is in, as index.html's splash stays in the app.
  hydrateFallbackElement: <SplashHold />,
}));

/** The whole route table in memory, starting at `path`; `router.state.location` tells where it ended. */
export function renderApp(path: string, options: ProviderOptions = {}) {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, options) };
}

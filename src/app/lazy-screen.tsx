import { use, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** A screen whose code is its own chunk, loaded the first time its route is shown. */
export interface LazyScreen {
  /** Loads the chunk (once); from then on the route renders the screen without waiting. */
  load(): Promise<ComponentType>;
  /** Forgets a load that failed, so that the next render asks the network again. */
  retry(): void;
}

/** The screens whose chunk could not be fetched, until the next try (retryFailedScreens). */
const failed = new Set<LazyScreen>();

/** Lets every screen whose chunk failed ask the network again on its next render. */
export function retryFailedScreens(): void {
  for (const screen of failed) screen.retry();
  failed.clear();
}

/** What a route carries in its `handle` when its screen is lazy. */
export interface ScreenHandle {
  screen: LazyScreen;
}

/**
 * A route for a lazy screen: its element suspends until the chunk has arrived (the root's
 * Suspense keeps index.html's splash, or the screen shown before, meanwhile; app-root.tsx), and
 * its `handle` lets the start preload the chunk before the first render (prerendered.ts), so a
 * screen the HTML already shows is hydrated in one pass.
 */
export function lazyScreenRoute(
  path: string,
  importScreen: () => Promise<ComponentType>,
): RouteObject {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const screen: LazyScreen = {
    load: () =>
      (loading ??= importScreen().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          // Kept as it is, so the render after this one shows the error screen rather than
          // asking again in a loop; leaving the error screen asks again (app-root.tsx).
          failed.add(screen);
          throw error;
        },
      )),
    retry: () => {
      if (!loaded) loading = null;
    },
  };
  function Screen() {
    // `use` suspends on the first render and reads the settled promise on the retry; a chunk
    // that could not arrive throws to the root's error screen.
    const Component = loaded ?? use(screen.load());
    return <Component />;
  }
  const handle: ScreenHandle = { screen };
  return { path, element: <Screen />, handle };
}

/** The lazy screen of a route, if it has one. */
export function screenOf(route: RouteObject): LazyScreen | undefined {
  const handle = route.handle as Partial<ScreenHandle> | undefined;
  return handle?.screen;
}

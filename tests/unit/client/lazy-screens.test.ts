import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenOf } from '#src/app/lazy-screen';
import { LAZY_SCREENS, type LazyScreenKey } from '#src/app/lazy-screens';
import { appRoutes } from '#src/app/router';
import { paths } from '#src/config/paths';

// The build writes each screen's preloads from LAZY_SCREENS (build/route-preloads.ts), while
// the router loads each screen through an import() of its own: the two must name one module.

/** Every route of the tree that loads its screen lazily. */
function lazyRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [
    ...(screenOf(route) ? [route] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

/** The component a lazy route shows. */
async function shownBy(route: RouteObject | undefined): Promise<unknown> {
  const screen = route && screenOf(route);
  if (!screen) throw new Error('not a lazy route');
  return screen.load();
}

const table = Object.entries(LAZY_SCREENS) as Array<[LazyScreenKey, string]>;
const routes = lazyRoutes(appRoutes);
// Every page module under src/features, by its path from here.
const pageModules = import.meta.glob<Record<string, unknown>>(
  '../../../src/features/*/pages/*.tsx',
);

describe('the lazy screens the build reads (src/app/lazy-screens.ts)', () => {
  it("are the router's lazy routes, each once", () => {
    const tablePaths = table.map(([key]) => paths[key]);
    expect(routes.map((route) => route.path).sort()).toEqual(tablePaths.sort());
  });

  it.each(table)('%s: the router shows the screen of %s', async (key, module) => {
    const route = routes.find((candidate) => candidate.path === paths[key]);
    const load = pageModules[`../../../src/${module}.tsx`];
    expect(load, `${module}.tsx is not a page module`).toBeDefined();
    expect(Object.values(await load!())).toContain(await shownBy(route));
  });
});

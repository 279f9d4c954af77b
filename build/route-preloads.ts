import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../contract/route-preloads';
import { LAZY_SCREENS, type LazyScreenKey } from '../src/app/lazy-screens';
import { paths } from '../src/config/paths';
import { appEntryOf, chunksOf } from './bundle';

/**
 * The screen a sign-in on a route opens without a page load, by route key: the staff sign-in
 * hands its session to the app, which draws the dashboard at / (src/app/staff-home.tsx).
 */
const NEXT_SCREENS: Partial<Record<LazyScreenKey, string>> = {
  staffLogin: 'features/dashboard/pages/staff-dashboard-page',
};

/** Each lazy route's URL pattern and the screen module it imports (src/app/lazy-screens.ts). */
function lazyScreens(): Array<{ pattern: string; module: string; next?: string }> {
  const table = Object.entries(LAZY_SCREENS) as Array<[LazyScreenKey, string]>;
  const moduleOf = (file: string) => path.resolve('src', `${file}.tsx`);
  return table.map(([key, file]) => {
    const route: string = paths[key];
    // '/food/:id' -> ^/food/[^/]+/?$ (the router ignores one trailing slash).
    const body = route
      .replace(/\/$/, '')
      .replace(/:[a-z]+/gi, '[^/]+')
      .replace(/\//g, '\\/');
    const next = NEXT_SCREENS[key];
    return {
      pattern: `^${body}\\/?$`,
      module: moduleOf(file),
      ...(next ? { next: moduleOf(next) } : {}),
    };
  });
}

/**
 * Route preloads. A screen's chunk is otherwise requested only after the entry has downloaded
 * and run and the router has matched the URL, and its own imports after that: on a slow 4G
 * link those are two more round trips before the first screen can paint. This writes a table
 * of each lazy route's pattern with the chunks and CSS its screen needs beyond the entry; the
 * server adds them as `<link rel="modulepreload">`/`preload` tags to the index.html it sends
 * for that path, so they download alongside the entry and the router's own import finds them
 * in the cache. Tags in the HTML cost the phone nothing to run (an inline script adding them
 * took 40 ms of a fast CPU, and waited for the stylesheet before it could run at all).
 */
export function routePreloads(): Plugin {
  return {
    name: 'mon-ngon:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, byName } = chunksOf(bundle);
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of byName.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = appEntryOf(chunks);
      if (!entry) return;
      const initial = closure(entry.fileName);

      /** A screen module's chunks and their CSS beyond the entry. */
      const filesOf = (module: string) => {
        const screen = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (!screen) throw new Error(`route preloads: no chunk for ${module}`);
        const files = [...closure(screen.fileName)].filter((name) => !initial.has(name));
        const css = files.flatMap((name) => [
          ...(byName.get(name)?.viteMetadata?.importedCss ?? []),
        ]);
        return [...files, ...new Set(css)];
      };
      const table = lazyScreens().map(({ pattern, module, next }): RoutePreload => ({
        pattern,
        files: filesOf(module),
        ...(next ? { next: filesOf(next) } : {}),
      }));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(table),
      });
    },
  };
}

// The route preload table the build writes next to index.html (build/route-preloads.ts), read
// by the server for every page it sends (server/http/static.ts).

/** A lazy route (its URL pattern) and the files its screen needs beyond the entry. */
export interface RoutePreload {
  pattern: string;
  files: string[];
  /**
   * The files of the screen a sign-in on this one opens without a page load (the staff
   * sign-in hands its session to the app, which draws the dashboard): preloaded after the
   * page's paint, behind its own, rather than once the app has arrived and run.
   */
  next?: string[];
}

/** The table's file name, next to index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The entry of the route `pathname` matches; undefined for a path no lazy route has. */
export function routePreloadOf(
  table: readonly RoutePreload[],
  pathname: string,
): RoutePreload | undefined {
  return table.find(({ pattern }) => new RegExp(pattern).test(pathname));
}

/** `<link>` tags that start downloading `files`: stylesheets as styles, scripts as modules. */
export function preloadTags(files: readonly string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

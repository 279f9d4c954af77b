import { paths } from '#src/config/paths';

/**
 * A notification's link as a path of this app; anything else (another site, a `javascript:`
 * address) leads to the inbox itself rather than off the app.
 */
export function inAppPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
    ? url
    : paths.notifications;
}

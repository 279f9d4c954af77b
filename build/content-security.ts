import type { Plugin } from 'vite';

/** Next to index.html; server/http/security-headers.ts reads it by this name. */
const CONTENT_SECURITY_FILE = 'content-security.json';

/**
 * The origins the client calls besides its own, for the server's Content-Security-Policy
 * (connect-src). They are fixed at build time: today only VITE_MAPS_BASE_URL, the geocoder of
 * the address dialog, when it names another server. The inline scripts' hashes are not written
 * here: the server takes them from the index.html it serves, so they cannot disagree.
 */
export function contentSecurity(): Plugin {
  let connectSrc: string[] = [];
  return {
    name: 'mon-ngon:content-security',
    apply: 'build',
    configResolved(config) {
      const maps = (config.env.VITE_MAPS_BASE_URL as string | undefined)?.trim();
      connectSrc = maps && /^https?:\/\//i.test(maps) ? [new URL(maps).origin] : [];
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CONTENT_SECURITY_FILE,
        source: JSON.stringify({ connectSrc }),
      });
    },
  };
}

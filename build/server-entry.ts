import react from '@vitejs/plugin-react';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type CSSOptions, type Plugin } from 'vite';
import { appEntryOf, chunksOf } from './bundle';

/** The prerendered screens, next to index.html; server/http/static.ts reads it by this name. */
const PRERENDERED_FILE = 'prerendered.json';
/** The app for Node, under the build; server/http/server-render.ts imports it from here. */
export const SERVER_ENTRY_DIR = 'ssr';
const SERVER_ENTRY_FILE = 'server-entry.js';
const SERVER_ENTRY_SOURCE = 'src/first-load/server-entry.tsx';

/** What the server's copy shares with the browser's build, so that what it renders hydrates. */
interface SharedOptions {
  css: CSSOptions;
  define: Record<string, string>;
}

/**
 * The app for Node (docs/decisions/015 and 016). Builds src/first-load/server-entry.tsx into
 * dist/ssr/server-entry.js with the same CSS-module names and defines as the browser's bundle,
 * so what it renders hydrates. At build time it renders the sign-in screens and writes
 * `{path: inner HTML of #root}` next to index.html; the server puts that HTML into the page for
 * those paths. At request time the server imports the same file to render a signed-in
 * customer's home or dish page.
 */
export function serverEntry({ css, define }: SharedOptions): Plugin {
  let outDir = 'dist';
  return {
    name: 'mon-ngon:server-entry',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      if (!appEntryOf(chunksOf(bundle).chunks)) return;
      const serverDir = path.join(outDir, SERVER_ENTRY_DIR);
      await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        css,
        // React's production build, whatever NODE_ENV the server runs with: the same markup as
        // the browser's, without the development checks' cost on every request.
        define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
        // Everything in the one file: the server may serve a build kept apart from its own
        // node_modules (STATIC_DIR), and Mantine's files import CSS that Node cannot load.
        ssr: { noExternal: true },
        build: {
          ssr: path.resolve(SERVER_ENTRY_SOURCE),
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          // One file: imported again under a new URL after a deploy, chunks of its own would
          // still be the first import's (their URLs do not change), with their own stores.
          rolldownOptions: { output: { entryFileNames: SERVER_ENTRY_FILE, codeSplitting: false } },
        },
      });
      const entry = pathToFileURL(path.join(serverDir, SERVER_ENTRY_FILE)).href;
      const { prerenderScreens: render } = (await import(`${entry}?build=${Date.now()}`)) as {
        prerenderScreens: () => Promise<Record<string, string>>;
      };
      const screens = await render();
      for (const [route, html] of Object.entries(screens)) {
        // A screen, or a view of its form (`path#id`, src/first-load/prerendered.ts).
        const ok = route.includes('#') ? html.startsWith('<form') : html.includes('<main');
        if (!ok) throw new Error(`prerender: ${route} rendered no screen`);
      }
      this.emitFile({ type: 'asset', fileName: PRERENDERED_FILE, source: JSON.stringify(screens) });
    },
  };
}

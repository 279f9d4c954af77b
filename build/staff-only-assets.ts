import type { Plugin } from 'vite';
import { chunksOf } from './bundle';

// The staff screens: the dashboard (with the chart library), the menu, the restaurant and the
// reviews. A customer never opens them, so their chunks stay out of the precache.
const STAFF_SCREEN = /\/src\/features\/(?:dashboard|staff-[a-z-]+)\//;

/**
 * Finds, in the finished bundle, the files only staff screens load: every chunk (and its CSS)
 * that the entry cannot reach without passing through a staff screen's chunk. Reading the
 * module graph rather than file names also catches the libraries only those screens import.
 * The precache manifest, built after the bundle, leaves these files out (build/pwa.ts); the
 * service worker caches them at runtime the first time a staff device opens them.
 */
export function staffOnlyAssets(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'mon-ngon:staff-only-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, byName } = chunksOf(bundle);
      const isStaffScreen = (fileName: string) => {
        const id = byName.get(fileName)?.facadeModuleId;
        return id != null && STAFF_SCREEN.test(id);
      };
      const customer = new Set<string>();
      const visit = (fileName: string) => {
        if (customer.has(fileName) || isStaffScreen(fileName)) return;
        const chunk = byName.get(fileName);
        if (!chunk) return;
        customer.add(fileName);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);

      const customerCss = new Set(
        [...customer].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]),
      );
      files.clear();
      for (const chunk of chunks) {
        if (customer.has(chunk.fileName)) continue;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) {
          if (!customerCss.has(css)) files.add(css);
        }
      }
    },
  };
  return { plugin, files };
}

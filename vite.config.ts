import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { build, defineConfig, type CSSOptions, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paths } from './src/app/routes';

// One value for the manifest's theme_color and index.html's <meta name="theme-color">
// (%THEME_COLOR% there), so the two cannot disagree.
const THEME_COLOR = '#e4491c';
const BACKGROUND_COLOR = '#fff5ef';
// `npm run dev`: Vite serves the client, the API server answers /api and the payment sandbox.
const API_SERVER = 'http://localhost:8080';
// Mantine's mixins (hover, smaller-than, light-dark, rem) for CSS modules. The package only
// declares itself as an untyped module.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

// The staff screens: the dashboard (with the chart library), the menu, the restaurant and the
// reviews. A customer never opens them, so their chunks stay out of the precache.
const STAFF_SCREEN = /\/src\/features\/(?:dashboard|staff-[a-z-]+)\//;

/**
 * Finds, in the finished bundle, the files only staff screens load: every chunk (and its CSS)
 * that the entry cannot reach without passing through a staff screen's chunk. Reading the
 * module graph rather than file names also catches the libraries only those screens import.
 * The precache manifest, built after the bundle, leaves these files out; the service worker
 * caches them at runtime the first time a staff device opens them.
 */
function staffOnlyAssets(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'mon-ngon:staff-only-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
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

/**
 * The screen each lazy route imports, read from src/app/router.tsx (`[paths.x]: async () => …
 * import('../features/…')`), so this table cannot drift from the router's.
 */
function lazyScreens(): Array<{ pattern: string; module: string }> {
  const source = readFileSync(path.resolve('src/app/router.tsx'), 'utf8');
  const entry = /\[paths\.(\w+)\]:\s*async\s*\(\)\s*=>[\s\S]*?import\('\.\.\/([^']+)'\)/g;
  return [...source.matchAll(entry)].map(([, key, file]) => {
    const route: string = paths[key as keyof typeof paths];
    // '/food/:id' -> ^/food/[^/]+/?$ (the router ignores one trailing slash).
    const body = route
      .replace(/\/$/, '')
      .replace(/:[a-z]+/gi, '[^/]+')
      .replace(/\//g, '\\/');
    return { pattern: `^${body}\\/?$`, module: path.resolve('src', `${file}.tsx`) };
  });
}

/** The route preload table, next to index.html; server/http/static.ts reads it by this name. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

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
function routePreloads(): Plugin {
  return {
    name: 'mon-ngon:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of byName.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      // The app's build only: vite-plugin-pwa builds the service worker separately.
      const entry = chunks.find(
        (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html') === true,
      );
      if (!entry) return;
      const initial = closure(entry.fileName);

      const table = lazyScreens().map(({ pattern, module }) => {
        const screen = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (!screen) throw new Error(`route preloads: no chunk for ${module}`);
        const files = [...closure(screen.fileName)].filter((name) => !initial.has(name));
        const css = files.flatMap((name) => [
          ...(byName.get(name)?.viteMetadata?.importedCss ?? []),
        ]);
        return { pattern, files: [...files, ...new Set(css)] };
      });
      if (table.length < 10) throw new Error('route preloads: router.tsx was not understood');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(table),
      });
    },
  };
}

/**
 * Class names of CSS modules: `_<class>_<hash of the file's path>`. The server's copy of the app
 * (serverEntry below) is a build of its own, and a hydrated screen needs the very names the
 * browser's CSS uses; a name made from the path alone is the same in both.
 */
function scopedName(name: string, filename: string): string {
  const file = path.relative(process.cwd(), filename.split('?')[0]!).split(path.sep).join('/');
  return `_${name}_${createHash('sha256').update(file).digest('hex').slice(0, 6)}`;
}

const css: CSSOptions = {
  postcss: { plugins: [mantinePreset()] },
  modules: { generateScopedName: scopedName },
};

const define = {
  // Also what Vite substitutes for %THEME_COLOR% in index.html.
  'import.meta.env.THEME_COLOR': JSON.stringify(THEME_COLOR),
};

/** The prerendered screens, next to index.html; server/http/static.ts reads it by this name. */
const PRERENDERED_FILE = 'prerendered.json';
/** The app for Node, under the build; server/http/server-render.ts imports it from here. */
const SERVER_ENTRY_DIR = 'ssr';
const SERVER_ENTRY_FILE = 'server-entry.js';

/**
 * The app for Node (docs/decisions/015 and 016). Builds src/server-entry.tsx into
 * dist/ssr/server-entry.js with the same CSS-module names and defines as the browser's bundle,
 * so what it renders hydrates. At build time it renders the sign-in screens and writes
 * `{path: inner HTML of #root}` next to index.html; the server puts that HTML into the page for
 * those paths. At request time the server imports the same file to render a signed-in
 * customer's home or dish page.
 */
function serverEntry(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mon-ngon:server-entry',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      // Only the app's build: vite-plugin-pwa builds the service worker with these plugins too.
      const app = Object.values(bundle).some(
        (item) =>
          item.type === 'chunk' && item.isEntry && item.facadeModuleId?.endsWith('/index.html'),
      );
      if (!app) return;
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
          ssr: path.resolve('src/first-load/server-entry.tsx'),
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
        if (!html.includes('<main')) throw new Error(`prerender: ${route} rendered no screen`);
      }
      this.emitFile({ type: 'asset', fileName: PRERENDERED_FILE, source: JSON.stringify(screens) });
    },
  };
}

/**
 * The first paint before the app's scripts run. A module script in the page runs as soon as the
 * document is parsed and the script is in, which on a fast or warm load is before the browser
 * has painted anything: the prerendered sign-in screen, or the splash, then waits for the whole
 * entry to be evaluated (hundreds of milliseconds on a cheap phone). The build turns the entry's
 * tag into a `modulepreload` (the download starts as early as before) and a small loader that
 * adds the script once the first frame is on screen, with the preloads of a page that arrived
 * with its screen (those wait for the paint too). A hidden page paints nothing, so it starts at
 * once; the timeouts cover a browser that never reports the paint (3 s: on slow 4G the first
 * paint waits for the stylesheets) or holds back animation frames (500 ms).
 */
function paintBeforeScripts(): Plugin {
  return {
    name: 'mon-ngon:paint-before-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = [
          ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g),
        ];
        if (tags.length !== 1) {
          throw new Error(`paint before scripts: expected one module script, found ${tags.length}`);
        }
        const [tag, src] = tags[0]!;
        // `data-after-paint` on <html>: the entry's preloads and the screen's modules of a page
        // that arrived with its screen (server/http/static.ts), fetched once it is painted.
        // The browser's paint timing says when a frame was really on screen (an animation
        // frame only says one is being made); without it, the next frame is taken instead.
        const loader =
          `<link rel="modulepreload" crossorigin href="${src}">` +
          '<script>(function(){var started=false,d=document;function start(){if(started)return;' +
          "started=true;var h=d.head,m=(d.documentElement.getAttribute('data-after-paint')||'')" +
          ".split(' ');for(var i=0;i<m.length;i++){if(!m[i])continue;var l=d.createElement('link');" +
          "l.rel='modulepreload';l.crossOrigin='';l.href=m[i];h.appendChild(l)}" +
          "var s=d.createElement('script');s.type='module';" +
          `s.crossOrigin='';s.src=${JSON.stringify(src)};h.appendChild(s)}` +
          "if(d.visibilityState==='hidden'){start();return}" +
          "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){" +
          'new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start,0)})' +
          ".observe({type:'paint'});setTimeout(start,3000);return}}catch(e){}" +
          'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,500)})()</script>';
        return html.replace(tag, () => loader);
      },
    },
  };
}

const staffOnly = staffOnlyAssets();

export default defineConfig({
  plugins: [
    react(),
    staffOnly.plugin,
    routePreloads(),
    serverEntry(),
    paintBeforeScripts(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/app/pwa.tsx registers the worker itself, only in production builds.
      injectRegister: false,
      manifest: {
        id: '/',
        scope: '/',
        start_url: '/',
        lang: 'vi',
        dir: 'ltr',
        name: 'Món Ngon – Đặt món ăn',
        short_name: 'Món Ngon',
        description:
          'Đặt món ngon từ các quán quanh bạn, thanh toán bằng ví và theo dõi đơn hàng đến tận cửa.',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['food', 'shopping'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          // Separate files: a maskable icon needs its artwork inside the 80% safe zone.
          { src: '/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press menu of the installed icon: the three places a returning customer heads for.
        shortcuts: [
          {
            name: 'Tìm món',
            url: '/search',
            icons: [{ src: '/shortcuts/search-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Giỏ hàng',
            url: '/cart',
            icons: [{ src: '/shortcuts/cart-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Đơn hàng',
            url: '/orders',
            icons: [{ src: '/shortcuts/orders-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
        // Chromium's richer install dialog; made by scripts/make-screenshots.ts, whose sizes
        // these must match (an entry whose file has other dimensions is dropped).
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '750x1334',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Trang chủ: món ngon gần bạn, tìm kiếm và danh mục',
          },
          {
            src: '/screenshots/search-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Kết quả tìm kiếm: quán gần nhất và các món phù hợp',
          },
        ],
      },
      // The glob below already precaches the icons; listing them twice only bloats sw.js.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,ico,png,svg,webp,woff2}', 'bg/*.jpg'],
        // Only the install dialog shows the screenshots, fetched once from the network; ssr/ is
        // the server's copy of the app (serverEntry above).
        globIgnores: ['screenshots/**', `${SERVER_ENTRY_DIR}/**`],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !staffOnly.files.has(entry.url)),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  define,
  css,
  server: {
    proxy: {
      '/api': API_SERVER,
      '/sandbox': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentSecurity } from './build/content-security';
import { css } from './build/css';
import { earlySignIn } from './build/early-sign-in';
import { paintBeforeScripts } from './build/paint-before-scripts';
import { pwa } from './build/pwa';
import { routePreloads } from './build/route-preloads';
import { serverEntry } from './build/server-entry';
import { staffOnlyAssets } from './build/staff-only-assets';
import { themeVariables } from './build/theme-variables';

// The build's own plugins live in build/ (build/README.md says what each one adds to dist/).

// One value for the manifest's theme_color and index.html's <meta name="theme-color">
// (%THEME_COLOR% there), so the two cannot disagree.
const THEME_COLOR = '#e4491c';
const BACKGROUND_COLOR = '#fff5ef';
// `npm run dev`: Vite serves the client, the API server answers /api and the payment sandbox.
const API_SERVER = 'http://localhost:8080';

const define = {
  // Also what Vite substitutes for %THEME_COLOR% in index.html.
  'import.meta.env.THEME_COLOR': JSON.stringify(THEME_COLOR),
};

const staffOnly = staffOnlyAssets();

// React Router ships a production build, the same code with its development warnings off, but
// its package exports only the development one, whose warnings and checks cost the first load
// bytes and render time. The build takes the production one; `npm run dev` keeps the warnings.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themeVariables(),
    staffOnly.plugin,
    routePreloads(),
    contentSecurity(),
    serverEntry({ css, define }),
    paintBeforeScripts(),
    earlySignIn(define),
    pwa({
      themeColor: THEME_COLOR,
      backgroundColor: BACKGROUND_COLOR,
      notPrecached: staffOnly.files,
    }),
  ],
  define,
  css,
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/sandbox': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in the entry's one file: on HTTP/1.1 a
        // browser fetches six files from a server at a time, and the first load was eleven,
        // which kept a sign-in request queued behind them on slow mobile data (decision 050).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
}));

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and sw.js must be revalidated on every load, or a deploy never reaches users:
// the browser would keep running the old shell and the old service worker.
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const ALWAYS_FRESH = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

// VNPay sends the customer's browser back to this API path; the same URL is the app's
// payment-result page for a navigation and a JSON call for the page's own XHR.
const PAYMENT_RETURN = /^\/api\/payment\/vnpay\/return\/?$/;

function cacheControlFor(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_FRESH.has(relative)) return REVALIDATE;
  return SHORT;
}

/**
 * A browser opening the page, not the page's own XHR (which asks for JSON). Exported for the
 * payment-return route, which answers the same question when no build is served.
 */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

/** Written by the build (`routePreloads` in vite.config.ts): a lazy route and its screen's files. */
interface RoutePreload {
  pattern: string;
  files: string[];
}

// Written next to index.html under this name by vite.config.ts.
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

// Written next to index.html under this name by `prerenderScreens` in vite.config.ts:
// `{path: inner HTML of #root}` for the sign-in screens (docs/decisions/015).
const PRERENDERED_FILE = 'prerendered.json';

/**
 * A table the build writes next to index.html, or `missing` for a build without it (or none
 * yet): then the screens load as the router asks for them and every page starts from the splash.
 */
async function readBuildTable<T>(staticDir: string, file: string, missing: T): Promise<T> {
  try {
    return JSON.parse(await readFile(path.join(staticDir, file), 'utf8')) as T;
  } catch {
    return missing;
  }
}

const EMPTY_ROOT = '<div id="root"></div>';
// index.html's splash: a fixed layer over everything until the scripts have drawn a screen.
const SPLASH = /<div id="splash"[^>]*>[\s\S]*?<\/div>\s*/;

/**
 * The screen already rendered into #root, without the splash that would cover it. Only when
 * both markers are where the build put them: otherwise the page is sent as it is.
 */
function withScreen(html: string, screen: string): string {
  if (!html.includes(EMPTY_ROOT) || !SPLASH.test(html)) return html;
  return html.replace(SPLASH, '').replace(EMPTY_ROOT, () => `<div id="root">${screen}</div>`);
}

/**
 * index.html for the screen at `pathname`: with that screen's HTML if the build prerendered
 * it, and with preload tags for its chunks, so they download alongside the entry instead of
 * after it (see `routePreloads` in vite.config.ts). Read on every request: a deploy replaces
 * the files under a running server.
 */
async function indexHtmlFor(staticDir: string, pathname: string): Promise<string> {
  const [index, table, prerendered] = await Promise.all([
    readFile(path.join(staticDir, 'index.html'), 'utf8'),
    readBuildTable<RoutePreload[]>(staticDir, ROUTE_PRELOADS_FILE, []),
    readBuildTable<Record<string, string>>(staticDir, PRERENDERED_FILE, {}),
  ]);
  // The router ignores one trailing slash; so does the choice of the prerendered screen.
  const screen = prerendered[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
  const html = screen === undefined ? index : withScreen(index, screen);
  const route = table.find(({ pattern }) => new RegExp(pattern).test(pathname));
  if (!route) return html;
  const tags = route.files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
  return html.replace('</head>', `${tags}</head>`);
}

async function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  staticDir: string,
): Promise<FastifyReply> {
  const html = await indexHtmlFor(staticDir, request.url.split('?')[0]!);
  // Revalidated on every start, so a 304 saves sending it again.
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  reply.header('cache-control', REVALIDATE).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}

/**
 * Serves the built PWA from the same process as the API. Only registered when the build
 * exists, so API tests and `npm run dev` (Vite serves the client) run without one.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(path.join(staticDir, 'index.html'))) return false;

  await app.register(fastifyStatic, {
    root: staticDir,
    // `/` is a screen like any other (the route below); /index.html stays a plain file.
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(staticDir, file));
    },
  });

  // The home, with its screen's preloads like every other client route (not the directory).
  app.get('/', (request, reply) => sendIndex(request, reply, staticDir));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!PAYMENT_RETURN.test(request.url.split('?')[0]!)) return;
    reply.header('vary', 'Accept');
    if (isNavigation(request)) return sendIndex(request, reply, staticDir);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const clientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing hashed asset is a stale deploy, not a page: answering HTML there would
      // hand the browser a script that is not a script.
      !pathname.startsWith('/assets/');
    if (clientRoute) return sendIndex(request, reply, staticDir);
    return sendError(reply, 'NOT_FOUND');
  });
  return true;
}

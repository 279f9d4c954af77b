import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  preloadTags,
  ROUTE_PRELOADS_FILE,
  routePreloadOf,
  type RoutePreload,
} from '#contract/route-preloads';
import { isNavigation } from '../lib/navigation';
import { sendError } from './error-handler';
import { renderForRequest, SERVER_ENTRY_DIR, type RenderedPage } from './server-render';

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

// Written next to index.html under this name by build/server-entry.ts, from `prerenderScreens`
// of the server entry:
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

// On <html> of a page the server rendered for this request: index.html's early request for the
// home's dishes has nothing left to do there.
const HTML_TAG = '<html ';
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
// On <html>: the modules the entry's loader preloads once the page has painted.
const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
// The build's preloads of the entry and its imports, in index.html's head.
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The screen already rendered into #root, without the splash that would cover it, and what
 * follows #root (the state of a screen rendered for this request). Only when both markers are
 * where the build put them: otherwise the page is sent as it is.
 */
function withScreen(html: string, screen: string, after = ''): string {
  if (!html.includes(EMPTY_ROOT) || !SPLASH.test(html)) return html;
  return html
    .replace(SPLASH, '')
    .replace(EMPTY_ROOT, () => `<div id="root">${screen}</div>${after}`);
}

/**
 * The views of a prerendered screen's form (`{path}#{id}` in the table, src/first-load/
 * prerendered.ts), each as a `<template>` of its id, for the sign-in script that runs before
 * the app (src/first-load/early-sign-in.ts). Templates are inert: nothing in them shows or runs.
 */
function viewsOf(prerendered: Record<string, string>, screenPath: string): string {
  const prefix = `${screenPath}#`;
  return Object.entries(prerendered)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, html]) => `<template id="${key.slice(prefix.length)}">${html}</template>`)
    .join('');
}

/**
 * index.html for the screen at `pathname`: with that screen's HTML if the server rendered it
 * for this request or the build prerendered it, and with preload tags for its chunks, so they
 * download alongside the entry instead of after it (see build/route-preloads.ts).
 * Read on every request: a deploy replaces the files under a running server.
 */
async function indexHtmlFor(
  staticDir: string,
  pathname: string,
  rendered: RenderedPage | null,
): Promise<string> {
  const [index, table, prerendered] = await Promise.all([
    readFile(path.join(staticDir, 'index.html'), 'utf8'),
    readBuildTable<RoutePreload[]>(staticDir, ROUTE_PRELOADS_FILE, []),
    readBuildTable<Record<string, string>>(staticDir, PRERENDERED_FILE, {}),
  ]);
  // The router ignores one trailing slash; so does the choice of the prerendered screen.
  const screenPath = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const screen = prerendered[screenPath];
  const route = routePreloadOf(table, pathname);
  const files = route?.files ?? [];

  let page: string | null = null;
  if (rendered) page = withScreen(index, rendered.screen, rendered.state);
  else if (screen !== undefined) page = withScreen(index, screen, viewsOf(prerendered, screenPath));
  if (page !== null && page !== index) {
    // The screen is on the page already: its styles apply from the first paint (the router's
    // own imports find these links and add no others). The scripts, the entry's included, are
    // only for taking it over: they wait for that paint (build/paint-before-scripts.ts) rather
    // than share a slow link with the stylesheets and the pictures of the screen the customer
    // is already looking at. Until then index.html holds back what is pressed and submitted,
    // and src/first-load/early-input.ts hands it to the app.
    const entryModules: string[] = [];
    const withoutPreloads = page.replace(MODULE_PRELOAD, (_tag, href: string) => {
      entryModules.push(href);
      return '';
    });
    const links = files
      .filter((file) => file.endsWith('.css'))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    // Last, the files of the screen a sign-in here opens without a page load (the staff
    // dashboard), its stylesheets too (its chunk's import waits for them): a staff member opens
    // /staff/login to sign in, and those bytes were otherwise asked for only once the app had
    // arrived and run, seconds after the sign-in on a slow link.
    const own = files.filter((file) => !file.endsWith('.css'));
    const after = [...entryModules, ...[...own, ...(route?.next ?? [])].map((file) => `/${file}`)];
    const marks = `${rendered ? `${SERVER_RENDERED_ATTRIBUTE} ` : ''}${AFTER_PAINT_ATTRIBUTE}="${after.join(' ')}" `;
    return withoutPreloads
      .replace(HTML_TAG, `${HTML_TAG}${marks}`)
      .replace('</head>', `${links.join('')}</head>`);
  }

  return index.replace('</head>', `${preloadTags(files)}</head>`);
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  if (!fields.some((name) => name.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}

async function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  staticDir: string,
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0]!;
  const rendered = await renderForRequest(request.server, request, staticDir, pathname);
  const html = await indexHtmlFor(staticDir, pathname, rendered);
  // Revalidated on every start, so a 304 saves sending it again.
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  // A page rendered for a customer shows their name and address: no shared cache keeps it.
  reply.header('cache-control', rendered ? `private, ${REVALIDATE}` : REVALIDATE);
  reply.header('etag', etag);
  // The page differs with the render-hint cookie: a shared cache must not hand one customer's
  // page to another.
  addVary(reply, 'Cookie');
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
    // The server's own copy of the app (server-render.ts) is not a file for browsers.
    allowedPath: (pathname) => !pathname.startsWith(`/${SERVER_ENTRY_DIR}/`),
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
    addVary(reply, 'Accept');
    if (isNavigation(request)) return sendIndex(request, reply, staticDir);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const clientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing hashed asset is a stale deploy, not a page: answering HTML there would
      // hand the browser a script that is not a script. Nor is the server's copy of the app.
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith(`/${SERVER_ENTRY_DIR}/`) &&
      // Nor is an uploaded file: an <img> would get a page, and a stale URL would look alive.
      pathname !== '/uploads' &&
      !pathname.startsWith('/uploads/');
    if (clientRoute) return sendIndex(request, reply, staticDir);
    return sendError(reply, 'NOT_FOUND');
  });
  return true;
}

import { existsSync } from 'node:fs';
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

function sendIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

/**
 * Serves the built PWA from the same process as the API. Only registered when the build
 * exists, so API tests and `npm run dev` (Vite serves the client) run without one.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(path.join(staticDir, 'index.html'))) return false;

  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(staticDir, file));
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!PAYMENT_RETURN.test(request.url.split('?')[0]!)) return;
    reply.header('vary', 'Accept');
    if (isNavigation(request)) return sendIndex(reply);
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
    if (clientRoute) return sendIndex(reply);
    return sendError(reply, 'NOT_FOUND');
  });
  return true;
}

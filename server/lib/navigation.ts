import type { FastifyRequest } from 'fastify';

/**
 * A browser opening the page, not the page's own XHR (which asks for JSON). The static layer
 * answers a navigation with the app; the payment-return route asks the same question when no
 * build is served.
 */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

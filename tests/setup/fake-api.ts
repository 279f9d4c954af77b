import { vi } from 'vitest';

/**
 * A fake API behind the global fetch the app's ky client calls (no module of ours is mocked).
 * Routes are keyed 'METHOD /api/path/'; an unknown route answers 404 like the real server.
 * Every call is recorded with its parsed body: JSON, or the fields of a multipart form.
 */

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  contentType: string | null;
  authorization: string | null;
  /** The Idempotency-Key header, when the call sent one. */
  idempotencyKey: string | null;
  /** The parsed JSON body, when the call sent JSON. */
  json?: unknown;
  /** The multipart form, when the call sent one. */
  form?: FormData;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const ok = (data?: unknown, message = 'OK'): Response =>
  jsonResponse(200, { success: true, message, data });

export const fail = (status: number, message: string, code = 'ERROR', extra = {}): Response =>
  jsonResponse(status, { success: false, message, code, ...extra });

export function stubApi(routes: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = [];
  const handlers = { ...routes };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const contentType = request.headers.get('content-type');
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      contentType,
      authorization: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
    };
    if (contentType?.includes('application/json')) call.json = await request.json();
    else if (contentType?.includes('multipart/form-data')) call.form = await request.formData();
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : fail(404, 'Không tìm thấy', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** Adds or replaces a route while the test runs. */
    on(route: string, handler: ApiHandler) {
      handlers[route] = handler;
    },
    /** The calls made to one route, in order. */
    callsTo(route: string) {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
    /** The latest call to one route; fails the test when there was none. */
    lastCallTo(route: string): ApiCall {
      const call = calls.findLast((made) => `${made.method} ${made.path}` === route);
      if (!call) throw new Error(`No call to ${route}`);
      return call;
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Operation = { responses?: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A concrete URL for an OpenAPI path: every `{param}` becomes 1. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('GET /api/docs: the error replies of every route', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const statusesOf = (path: string, method: string) =>
    Object.keys(doc.paths[path]?.[method]?.responses ?? {});

  it('lists 401 for every route that refuses an anonymous caller', async () => {
    const guarded: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        if (!operations[method]) continue;
        // The access guard answers before the body is read, so no body is needed to tell.
        const res = await t.app.inject({ method, url: urlOf(path) });
        if (res.statusCode !== 401) continue;
        guarded.push(`${method.toUpperCase()} ${path}`);
        expect(statusesOf(path, method), `${method.toUpperCase()} ${path}`).toContain('401');
      }
    }
    // The sweep really met the guarded routes (carts, orders, staff, admin...).
    expect(guarded.length).toBeGreaterThan(30);
  });

  it('lists 403 for every guarded route (a wrong role, or a locked account), not public ones', () => {
    expect(statusesOf('/api/customer/cart/', 'get')).toContain('403');
    expect(statusesOf('/api/admin/withdrawals/', 'get')).toContain('403');
    // Any signed-in caller may call it, but a locked account is refused.
    expect(statusesOf('/api/payment/deposit/create/', 'post')).toContain('403');
    expect(statusesOf('/api/food/{id}/', 'get')).not.toContain('403');
  });

  it("lists each route's own refusals", () => {
    expect(statusesOf('/api/customer/cart/add/', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413']),
    );
    // Idempotent: a key in use answers 409, a key reused for another body 422.
    expect(statusesOf('/api/payment/order/pay/', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '422']),
    );
    expect(statusesOf('/api/auth/staff/login/', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '413', '429']),
    );
    // Web Push: any signed-in user, a validated body; the key is public.
    for (const method of ['post', 'delete']) {
      const statuses = statusesOf('/api/push/subscriptions/', method);
      // 403: only a locked account; any signed-in role may subscribe.
      expect(statuses).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413']));
    }
    expect(statusesOf('/api/push/key/', 'get')).toEqual(['200']);
    // Public and read-only: a validated path and a missing dish, nothing about tokens.
    const food = statusesOf('/api/food/{id}/', 'get');
    expect(food).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(food).not.toContain('401');
  });
});

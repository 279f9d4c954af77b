import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorReplySchema } from '#contract/envelope';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A route with a body and a failing route, added only here, to exercise the shared
// parsing and error handling that every real route goes through.
function addProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/probe/echo',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          name: z.string().min(1, 'Vui lòng nhập tên'),
          quantity: z.number().int().min(1),
        }),
      },
    },
    async (request) => ({ success: true, message: 'OK', data: request.body }),
  );
  typed.get('/api/probe/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
}

describe('the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ beforeReady: addProbeRoutes });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope/deeper'],
    ['DELETE', '/api/category/'],
    ['GET', '/api'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorReplySchema.parse(res.json())).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy đường dẫn này',
    });
  });

  it('answers malformed JSON with 400 in Vietnamese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Phở",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'INVALID_JSON',
      message: 'Dữ liệu gửi lên không phải JSON hợp lệ',
    });
  });

  it('answers an unsupported content type with 400 in Vietnamese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Phở</name>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_CONTENT_TYPE',
      message: 'Kiểu dữ liệu gửi lên không được hỗ trợ. Vui lòng gửi JSON.',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), quantity: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Dữ liệu gửi lên quá lớn',
    });
  });

  it('lists every invalid field, headlined by the first message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: '', quantity: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = ErrorReplySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Vui lòng nhập tên');
    expect(body.errors?.map((e) => e.path)).toEqual(['name', 'quantity']);
    // Messages nobody wrote by hand name the field and what it takes, in Vietnamese.
    expect(body.errors?.[1]?.message).toBe('Số lượng phải là số nguyên từ 1 trở lên');
  });

  it('normalises decomposed Vietnamese input to NFC', async () => {
    const decomposed = 'Phở bò'.normalize('NFD');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: decomposed, quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Phở bò'.normalize('NFC'));
    expect(res.json().data.name).not.toBe(decomposed);
  });

  it('hides internal details of a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.',
    });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/category/', '/api/health']),
    );
  });
});

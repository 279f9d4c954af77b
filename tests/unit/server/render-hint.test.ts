import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RenderHint } from '#contract/render-hint';
import { readRenderHint } from '#server/http/server-render';

const request = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;

// UTF-8 JSON in base64url, as src/first-load/render-hint.ts writes it (the e2e suite has the app
// write it and this server render from it).
const encode = (hint: unknown) => Buffer.from(JSON.stringify(hint)).toString('base64url');

describe('reading the render-hint cookie', () => {
  it('reads back exactly what was written, Vietnamese and all', () => {
    const hint: RenderHint = {
      user: { id: '7f3c', name: 'Đặng Quốc Việt 🍜', avatar: null, role: null },
      location: { lat: -0.5, lon: 106.7032, address: 'Ngõ 12 Đào Tấn, Ba Đình, Hà Nội' },
    };
    const value = encode(hint);
    expect(value).toMatch(/^[\w-]+$/);
    expect(readRenderHint(request(`a=1; mn_view=${value}; theme=dark`))).toEqual(hint);
  });

  it.each([
    ['no such cookie', 'mn_viewer=abc'],
    ['a value that is not base64url', 'mn_view=ab+c/=='],
    ['JSON of another shape', `mn_view=${Buffer.from('{"user":null}').toString('base64url')}`],
    ['not JSON at all', `mn_view=${Buffer.from('xin chào').toString('base64url')}`],
  ])('reads nothing from %s', (_case, cookie) => {
    expect(readRenderHint(request(cookie))).toBeNull();
  });
});

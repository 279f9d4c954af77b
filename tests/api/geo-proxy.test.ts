import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// GEOCODER_URL: our /api/geo proxies a Nominatim server. A real HTTP server on loopback
// answers in Nominatim's shapes (numbers as strings, {error} for nothing found).
describe('the geocoder proxied to GEOCODER_URL', () => {
  let nominatim: Server;
  let t: TestApp;
  const asked: URL[] = [];
  let mode: 'ok' | 'down' | 'garbage' = 'ok';

  beforeAll(async () => {
    nominatim = createServer((request, response) => {
      const url = new URL(request.url!, 'http://nominatim.test');
      asked.push(url);
      if (mode === 'down') return void response.writeHead(503).end('busy');
      response.setHeader('content-type', 'application/json');
      if (mode === 'garbage') return void response.end('{"not":"a list"}');
      if (url.pathname.endsWith('/search')) {
        const found = url.searchParams.get('q') === 'Nhà thờ Lớn Hà Nội';
        return void response.end(
          JSON.stringify(
            found
              ? [{ lat: '21.0287', lon: '105.8490', display_name: 'Nhà thờ Lớn, Hoàn Kiếm', x: 1 }]
              : [],
          ),
        );
      }
      const sea = url.searchParams.get('lat') === '0';
      response.end(
        JSON.stringify(
          sea
            ? { error: 'Unable to geocode' }
            : { lat: 10.7769, lon: 106.7009, display_name: 'Nhà hát Thành phố, Quận 1' },
        ),
      );
    });
    await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
    const { port } = nominatim.address() as { port: number };
    t = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/nominatim` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => nominatim.close(resolve));
  });
  beforeEach(() => {
    asked.length = 0;
    mode = 'ok';
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('asks Nominatim in Vietnamese and answers its places in its shape', async () => {
    const res = await get(`/api/geo/search?q=${encodeURIComponent('Nhà thờ Lớn Hà Nội')}&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { lat: '21.0287', lon: '105.8490', display_name: 'Nhà thờ Lớn, Hoàn Kiếm' },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      q: 'Nhà thờ Lớn Hà Nội',
      limit: '1',
      format: 'json',
      'accept-language': 'vi',
    });
  });

  it('answers a repeated question from its cache', async () => {
    const url = '/api/geo/reverse?lat=10.7769&lon=106.7009&format=json';
    const first = await get(url);
    const second = await get(url);
    expect(first.json()).toEqual({
      lat: '10.7769',
      lon: '106.7009',
      display_name: 'Nhà hát Thành phố, Quận 1',
    });
    expect(second.json()).toEqual(first.json());
    expect(asked).toHaveLength(1);
  });

  it("passes on Nominatim's nothing-found answers", async () => {
    expect((await get('/api/geo/search?q=zzzqqq')).json()).toEqual([]);
    expect((await get('/api/geo/reverse?lat=0&lon=0')).json()).toEqual({
      error: 'Unable to geocode',
    });
  });

  it.each(['down', 'garbage'] as const)(
    'says in Vietnamese that the maps service is unavailable when it is %s, and does not cache that',
    async (failure) => {
      mode = failure;
      const url = `/api/geo/search?q=${encodeURIComponent(`Chợ Lớn ${failure}`)}`;
      const res = await get(url);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        code: 'GEOCODER_UNAVAILABLE',
        message: 'Dịch vụ bản đồ tạm thời không trả lời. Vui lòng thử lại sau.',
      });
      mode = 'ok';
      expect((await get(url)).statusCode).toBe(200);
      expect(asked).toHaveLength(2);
    },
  );
});

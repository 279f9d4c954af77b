import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The splash and the empty root as index.html has them.
const SPLASH =
  '<div id="splash" aria-hidden="true"><img src="/logo.svg" alt="" /><span>Món Ngon</span></div>\n    ';
// The entry's preload, as build/paint-before-scripts.ts leaves it in the head.
const ENTRY_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">\n';
const INDEX =
  `<!doctype html><html lang="vi"><head><title>Món Ngon</title>${ENTRY_PRELOAD}</head>` +
  `<body>${SPLASH}<div id="root"></div></body></html>`;

// As build/server-entry.ts builds it, reduced to what the server relies on: a screen
// for / from the hint and the API (called in-process), nothing for other paths, and a failure.
const SERVER_ENTRY = `
export async function renderScreen(pathname, hint, api) {
  if (pathname === '/broken') throw new Error('render failed');
  if (pathname !== '/') return null;
  const categories = await api('category/');
  const missing = await api('food/999999/');
  return {
    html: '<main>Xin chào ' + hint.user.name + ', ' + categories.length + ' danh mục, ' + missing + '</main>',
    state: { hint, queries: { mutations: [], queries: [] } },
  };
}
`;

const LARGE_ASSET = 'export const dishes = ["Phở bò", "Bún chả", "Cơm tấm"];\n'.repeat(500);

/** A miniature build output with the same layout Vite produces. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mn-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'bg'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"lang":"vi"}');
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'assets', 'large-XyZ789.js'), LARGE_ASSET);
  writeFileSync(path.join(dir, 'bg', '0.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  mkdirSync(path.join(dir, 'ssr'));
  writeFileSync(path.join(dir, 'ssr', 'server-entry.js'), SERVER_ENTRY);
  // As prerenderScreens of src/first-load/server-entry.tsx writes it ('$&' must reach the page
  // as it is).
  writeFileSync(
    path.join(dir, 'prerendered.json'),
    JSON.stringify({
      '/login': '<main>Đăng nhập $&</main>',
      '/staff/login': '<main>Nhân viên</main>',
    }),
  );
  // As build/route-preloads.ts writes it: each lazy route's screen files.
  writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { pattern: '^\\/?$', files: ['assets/home-page-H1.js', 'assets/home-page-H2.css'] },
      { pattern: '^\\/broken\\/?$', files: ['assets/broken-B1.js'] },
      { pattern: '^\\/orders\\/?$', files: ['assets/orders-page-O1.js'] },
      {
        pattern: '^\\/staff\\/login\\/?$',
        files: ['assets/staff-login-S1.js'],
        next: ['assets/dashboard-D1.js', 'assets/dashboard-D2.css'],
      },
    ]),
  );
  return dir;
}

describe('static serving of the built app', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fakeBuild();
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])(
    'serves %s with no-cache so deploys reach users',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('compresses what it serves for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/large-XyZ789.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(LARGE_ASSET.length / 10);
  });

  it('gives other public files a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bg/0.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/register', '/food/42', '/staff/menu/new', '/abc/def?x=1'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('answers a missing hashed asset with 404, not with HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each([
    '/uploads/avatars/0b7c2e4e-6f0a-4d5e-9a43-1f2b3c4d5e6f.webp',
    '/uploads/avatars/',
    '/uploads',
    '/uploads/..%2findex.html',
  ])('answers the missing upload %s with the JSON 404, never the app page', async (url) => {
    // As an <img> or a browser navigation would ask: neither gets the app's HTML.
    for (const accept of ['image/avif,image/webp,*/*', 'text/html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Không tìm thấy đường dẫn này',
      });
    }
  });

  it('keeps unknown /api paths JSON even with a build present', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a browser navigation to the VNPay return URL with the app', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payment/vnpay/return/?vnp_TxnRef=1&vnp_ResponseCode=00',
      headers: {
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'sec-fetch-mode': 'navigate',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers.vary).toMatch(/Accept/);
  });

  it('answers an XHR to the VNPay return URL with JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payment/vnpay/return/?vnp_TxnRef=1',
      headers: { accept: 'application/json' },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toHaveProperty('success');
  });

  it('adds preload tags for the screen of the path to the index.html it sends', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/home-page-H1.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/home-page-H2.css"></head>',
      ),
    );

    const orders = await t.app.inject({ method: 'GET', url: '/orders/?tab=1' });
    expect(orders.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/orders-page-O1.js"></head>',
    );
    expect(orders.body).not.toContain('home-page');

    // The file itself, as the service worker precaches it, stays as built.
    const file = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(file.body).toBe(INDEX);
  });

  it('puts a prerendered screen into #root for its path and leaves the splash out', async () => {
    const login = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html' },
    });
    expect(login.statusCode).toBe(200);
    // The entry waits for the screen's first paint, as for a screen rendered per request.
    expect(login.body).toBe(
      INDEX.replace(SPLASH, '')
        .replace('<div id="root"></div>', () => '<div id="root"><main>Đăng nhập $&</main></div>')
        .replace(ENTRY_PRELOAD, '')
        .replace('<html ', '<html data-after-paint="/assets/index-AbC123.js" '),
    );
    // One trailing slash is the same screen, as for the router.
    expect((await t.app.inject({ method: 'GET', url: '/login/' })).body).toContain(
      '<main>Đăng nhập $&</main>',
    );
    // Any other path starts from the splash.
    const register = await t.app.inject({ method: 'GET', url: '/register' });
    expect(register.body).toContain(SPLASH);
    expect(register.body).toContain('<div id="root"></div>');
  });

  it('preloads the modules of the screen a sign-in opens after the page paints, behind its own', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/staff/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<html data-after-paint="/assets/index-AbC123.js /assets/staff-login-S1.js ' +
        '/assets/dashboard-D1.js /assets/dashboard-D2.css" ',
    );
    // Nothing of it before the paint: the sign-in screen's own stylesheets are all it needs.
    expect(page.body.match(/dashboard-D2\.css/g)).toHaveLength(1);
    // A route without a next screen preloads its own modules only.
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<html data-after-paint="/assets/index-AbC123.js" ');
  });

  it('answers a revalidation of an unchanged index.html with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another screen's page differs, so its tag does not match.
    const other = await t.app.inject({
      method: 'GET',
      url: '/orders',
      headers: { 'if-none-match': String(etag) },
    });
    expect(other.statusCode).toBe(200);
  });
  describe("a signed-in customer's screen rendered by the server", () => {
    const hint = (name: string) => ({
      user: { id: 7, name, avatar: null, role: 'customer' },
      location: { lat: 10.7801, lon: 106.7032, address: '45 Lý Tự Trọng, Quận 1' },
    });
    const cookieOf = (value: unknown) =>
      `theme=dark; mn_view=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

    it('puts the screen into #root with its state after it, from the cookie and the API', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', cookie: cookieOf(hint('An')) },
      });
      expect(res.statusCode).toBe(200);
      // The API answered in-process: six categories, and null for a dish that does not exist.
      expect(res.body).toContain('<div id="root"><main>Xin chào An, 6 danh mục, null</main></div>');
      expect(res.body).not.toContain(SPLASH);
      const state =
        /<\/div><script type="application\/json" id="mn-server-state">(.*?)<\/script>/.exec(
          res.body,
        );
      expect(JSON.parse(state![1]!)).toEqual({
        hint: hint('An'),
        queries: { mutations: [], queries: [] },
      });
      // Stylesheets apply from the first paint; every script waits for it, the entry's too.
      expect(res.body).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/home-page-H2.css"></head>',
      );
      expect(res.body).not.toContain('rel="modulepreload"');
      expect(res.body).toContain(
        '<html data-server-rendered data-after-paint="/assets/index-AbC123.js /assets/home-page-H1.js" lang="vi">',
      );
      // Only for this customer: no shared cache keeps it, nor hands it to another cookie.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    });

    it('keeps the state from closing its script, whatever the cookie says', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: cookieOf(hint('</script><script>alert(1)</script>')) },
      });
      expect(res.statusCode).toBe(200);
      const state = res.body.slice(res.body.indexOf('id="mn-server-state">'));
      expect(state).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
      expect(state.match(/<\/script>/g)).toHaveLength(1);
    });

    it.each([
      ['no cookie', ''],
      ['a cookie that is not base64url JSON', 'mn_view=%%%'],
      ['a cookie of another shape', cookieOf({ user: { id: 7 }, location: null })],
      [
        'a cookie with a place off the map',
        cookieOf({ ...hint('An'), location: { lat: 95, lon: 0, address: null } }),
      ],
      ['a cookie too long to read', cookieOf(hint('A'.repeat(1600)))],
    ])('sends the app shell for %s', async (_case, cookie) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(SPLASH);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('mn-server-state');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends the app shell when the screen is not rendered or its render fails', async () => {
      for (const url of ['/orders', '/broken']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: cookieOf(hint('An')) },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(SPLASH);
        expect(res.body).toContain(ENTRY_PRELOAD);
        expect(res.body).not.toContain('data-server-rendered');
      }
    });

    it('does not serve its own copy of the app as a file', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/ssr/server-entry.js' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('renderScreen');
    });
  });
});

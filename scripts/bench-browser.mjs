// What the browser benchmarks of `npm run bench` share (bench-lighthouse.mjs,
// bench-first-load.mjs): a build on the real server with demo data, a customer signed in through
// the API, Chromium as they launch it, and the reference build of another commit that
// `--against <commit>` compares with.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { freePort } from './with-postgres.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// Near the demo restaurants of District 1, so the home lists dishes.
export const LOCATION = {
  lat: 10.7801,
  lon: 106.7032,
  address: '45 Lý Tự Trọng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
};

/** Git-ignored: the reference builds, one git worktree per commit (`--against`). */
const CACHE_DIR = path.join(ROOT, '.bench-cache');

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function launchChromium() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: false,
    args: CHROMIUM_FLAGS,
    defaultViewport: null,
  });
}

/**
 * A build on its server with demo data, in a temp DATA_DIR removed on stop. `root` is the
 * checkout whose server code (and node_modules) serves it: a reference build runs on the server
 * of its own commit, since the two may not agree on what the server sends around the build.
 */
export async function startServer({ root = ROOT, staticDir = path.join(root, 'dist') } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mn-bench-browser-'));
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      APP_ENV: 'test',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      STATIC_DIR: staticDir,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited during start (code ${child.exitCode})`);
    }
    try {
      if ((await fetch(`${origin}/login`)).ok) break;
    } catch {
      // Not listening yet: migrations and the demo seed run first.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { origin, stop };
}

export async function api(origin, method, url, { body, token } = {}) {
  const reply = await fetch(`${origin}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await reply.json();
  if (!reply.ok) throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The 6-digit code of the newest sign-in SMS to `phone` in the dev outbox, or null. */
export async function otpFromOutbox(origin, phone) {
  const outbox = await api(origin, 'GET', `/api/dev/sms-outbox?phone=${phone}`);
  return /\b(\d{6})\b/.exec(outbox.items[0]?.text ?? '')?.[1] ?? null;
}

/** A new customer signed in through the dev SMS outbox, and the id of a dish near LOCATION. */
export async function signInCustomer(origin) {
  const phone = `09${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await api(origin, 'POST', '/api/auth/customer/send-otp/', { body: { phone } });
  const otp = await otpFromOutbox(origin, phone);
  if (!otp) throw new Error(`no sign-in code for ${phone} in the dev outbox`);
  const { customer, tokens } = await api(origin, 'POST', '/api/auth/customer/verify-otp/', {
    body: { phone, otp_code: otp },
  });
  const dishes = await api(
    origin,
    'GET',
    `/api/food/?page=1&per_page=1&lat=${LOCATION.lat}&lon=${LOCATION.lon}`,
    { token: tokens.access_token },
  );
  const dish = dishes.items[0];
  if (!dish) throw new Error('the demo data has no dish near the bench location');
  // The keys and shapes src/lib/session.ts and src/lib/location.ts read at start.
  const storage = {
    user: JSON.stringify(customer),
    tokens: JSON.stringify(tokens),
    userType: 'customer',
    userLocation: JSON.stringify(LOCATION),
  };
  // The render-hint cookie the app writes for this session and place
  // (src/first-load/render-hint.ts, same fields, order and encoding), from which the server
  // renders the home and the dish page.
  const text = (value) => (typeof value === 'string' ? value : null);
  const hint = {
    user: {
      id: customer.id,
      name: text(customer.name),
      avatar: text(customer.avatar),
      role: text(customer.role),
    },
    location: { lat: LOCATION.lat, lon: LOCATION.lon, address: LOCATION.address },
  };
  const cookie = `mn_view=${Buffer.from(JSON.stringify(hint)).toString('base64url')}`;
  return { storage, cookie, foodId: dish.id };
}

/**
 * Replaces the origin's localStorage and its render-hint cookie (none without `cookie`). Done
 * from the manifest (a same-origin document that is not the app), so no app code runs and no
 * service worker gets registered before the measurement.
 */
export async function seedLocalStorage(page, origin, entries, cookie) {
  await page.goto(`${origin}/manifest.webmanifest`, { timeout: 60_000 });
  await page.evaluate(
    (items, hintCookie) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      document.cookie = hintCookie
        ? `${hintCookie}; Path=/; SameSite=Lax`
        : 'mn_view=; Path=/; Max-Age=0; SameSite=Lax';
    },
    entries,
    cookie ?? null,
  );
}

/**
 * Loads the page until a service worker controls it, as an installed app's second start.
 * 'networkidle2', not 'networkidle0': the live events stream stays open for as long as the page
 * does, so the network is never fully idle.
 */
export async function installServiceWorker(page, url) {
  await page.goto(url, { waitUntil: 'networkidle2', timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Prompt mode without clientsClaim: the page that registered the worker is not controlled.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload({ waitUntil: 'networkidle2', timeout: 60_000 });
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', {
    timeout: 60_000,
  });
  // Let the persisted query cache and the dish images reach IndexedDB and the image cache.
  await page.goto(url, { waitUntil: 'networkidle2', timeout: 60_000 });
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed in ${cwd} (exit ${result.status})`);
  }
}

/**
 * The build of `commit` to compare the current one with: a detached git worktree in
 * .bench-cache/<sha> with its own `npm ci` and `vite build`, made the first time and reused as
 * long as its dist/index.html is there. A copy left without one (an interrupted or failed
 * install or build) is made again from scratch.
 * @returns {{ sha: string, short: string, root: string, dist: string }}
 */
export function referenceBuild(commit) {
  const resolved = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const sha = resolved.stdout.trim();
  if (resolved.status !== 0 || !sha) throw new Error(`--against ${commit}: no such commit`);
  const short = sha.slice(0, 7);
  const root = path.join(CACHE_DIR, sha);
  const dist = path.join(root, 'dist');
  const reference = { sha, short, root, dist };
  if (existsSync(path.join(dist, 'index.html'))) {
    console.log(`[bench] reference ${short}: reusing ${path.relative(ROOT, root)}`);
    return reference;
  }
  console.log(`[bench] reference ${short}: worktree, npm ci and vite build in ${root}`);
  if (existsSync(root)) {
    rmSync(root, { recursive: true, force: true });
  }
  // Forgets a worktree whose directory is gone, so `add` may use the path again.
  run('git', ['worktree', 'prune'], ROOT);
  mkdirSync(CACHE_DIR, { recursive: true });
  run('git', ['worktree', 'add', '--detach', root, sha], ROOT);
  run('npm', ['ci', '--no-audit', '--no-fund'], root);
  try {
    run(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], root);
  } catch (error) {
    // A dist/ left by a failed build must not pass for a finished one next time.
    rmSync(dist, { recursive: true, force: true });
    throw error;
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`the reference build of ${short} wrote no dist/index.html`);
  }
  return reference;
}

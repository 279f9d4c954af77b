// One database lane of the 'load at 100,000 dishes' benchmark; scripts/bench.mjs runs it once
// on PGlite and once on PostgreSQL and judges the two lanes together. Run alone:
//   BENCH_LANE=pglite tsx scripts/bench-load.ts      (DATA_DIR, default ./data-bench)
//   BENCH_LANE=postgres BENCH_DATABASE_URL=postgres://... tsx scripts/bench-load.ts
// Seeds the bench catalogue when it is missing, starts the real server (server/main.ts) in a
// process of its own, so the load generator never shares its event loop, and drives each
// endpoint with autocannon: 50 kept-alive connections for BENCH_LOAD_SECONDS (default 10)
// each. The floor, /api/category/, is measured in the same run. The same nearest and search
// rows are then run again with the crowd spread over 50 points within 3 km of Hoàn Kiếm, one
// per connection, which is what a real lunch-hour crowd looks like; those rows are printed
// for information and not held to the targets. BENCH_RESULT_FILE, when set, receives the
// figures as JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { mulberry32 } from '../server/lib/random';
import { seedBenchCatalogue } from '../server/seed/bench';
import { countBenchRows } from '../server/seed/bench.queries';
import { freePort } from './with-postgres.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 10);
/** A short warm-up per row, so the first row does not pay for cold caches and JIT. */
const WARM_UP_SECONDS = Math.min(2, Math.max(1, Math.round(SECONDS / 5)));
const HOAN_KIEM = { lat: 21.0285, lon: 105.8542 };
const SPREAD_POINTS = 50;
const SPREAD_RADIUS_KM = 3;
const STARTUP_TIMEOUT_MS = 180_000;

export interface LoadRow {
  name: string;
  path: string;
  /** Each connection asks from a point of its own (informational rows). */
  spread: boolean;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadResult {
  lane: string;
  listed: number;
  seconds: number;
  connections: number;
  rows: LoadRow[];
}

const at = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

/** The rows of the load table; `{at}` is replaced by each connection's point in spread rows. */
function rowsFor(dishId: number): { name: string; path: string; spreadable: boolean }[] {
  const here = at(HOAN_KIEM);
  return [
    { name: 'categories (floor)', path: '/api/category/', spreadable: false },
    {
      name: 'nearest dishes, page 1',
      path: `/api/food/?page=1&per_page=20&{at}`,
      spreadable: true,
    },
    {
      name: 'nearest dishes, page 5',
      path: `/api/food/?page=5&per_page=20&{at}`,
      spreadable: true,
    },
    { name: 'search pho', path: `/api/search/?q=pho&page=1&per_page=20&{at}`, spreadable: true },
    {
      name: 'search bun bo, by price',
      path: `/api/search/?q=bun%20bo&sort_by=price&page=1&per_page=20&{at}`,
      spreadable: true,
    },
    { name: 'dish detail', path: `/api/food/${dishId}/`, spreadable: false },
  ].map((row) => ({ ...row, path: row.path.replace('{at}', here) }));
}

/** 50 fixed points within 3 km of Hoàn Kiếm (uniform over the disc), the same every run. */
function spreadPoints(): { lat: number; lon: number }[] {
  const random = mulberry32(21_0285);
  const kmPerDegLat = 110.574;
  const kmPerDegLon = 111.32 * Math.cos((HOAN_KIEM.lat * Math.PI) / 180);
  return Array.from({ length: SPREAD_POINTS }, () => {
    const r = SPREAD_RADIUS_KM * Math.sqrt(random());
    const angle = 2 * Math.PI * random();
    const round = (v: number) => Math.round(v * 1e5) / 1e5;
    return {
      lat: round(HOAN_KIEM.lat + (r * Math.sin(angle)) / kmPerDegLat),
      lon: round(HOAN_KIEM.lon + (r * Math.cos(angle)) / kmPerDegLon),
    };
  });
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const response = await fetch(`${base}/api/category/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 3 minutes');
}

function startServer(env: Record<string, string>): ChildProcess {
  const tsx = path.resolve('node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: unknown, result) =>
      error
        ? reject(error instanceof Error ? error : new Error('autocannon failed'))
        : resolve(result),
    );
  });
}

async function measure(
  base: string,
  row: { name: string; path: string },
  spread: boolean,
  points: { lat: number; lon: number }[],
): Promise<LoadRow> {
  const headers = { 'accept-encoding': 'br, gzip' };
  // Each connection takes the next point on its first request and keeps it: 50 clients,
  // 50 places, each asking again and again as a phone scrolling its own neighbourhood would.
  let nextPoint = 0;
  const requests: autocannon.Request[] | undefined = spread
    ? [
        {
          method: 'GET',
          setupRequest: (request: autocannon.Request, context: object) => {
            const own = context as { point?: { lat: number; lon: number } };
            own.point ??= points[nextPoint++ % points.length]!;
            const point = own.point;
            return { ...request, path: row.path.replace(at(HOAN_KIEM), at(point)) };
          },
        },
      ]
    : undefined;
  const common = {
    url: `${base}${row.path}`,
    connections: CONNECTIONS,
    headers,
    timeout: 30,
    ...(requests ? { requests } : {}),
  };
  await run({ ...common, duration: WARM_UP_SECONDS });
  nextPoint = 0;
  const result = await run({ ...common, duration: SECONDS });
  return {
    name: row.name,
    path: row.path,
    spread,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function openLane(
  lane: string,
): Promise<{ database: Database; env: Record<string, string>; where: string }> {
  if (lane === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL_TEST;
    if (!url) throw new Error('the postgres lane needs BENCH_DATABASE_URL (or DATABASE_URL_TEST)');
    const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 10 });
    return { database, env: { DATABASE_URL: url }, where: new URL(url).host };
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'data-bench');
  const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
  return { database, env: { DATA_DIR: dataDir }, where: path.relative(process.cwd(), dataDir) };
}

async function main(): Promise<void> {
  const lane = process.env.BENCH_LANE === 'postgres' ? 'postgres' : 'pglite';
  const log = (line: string) => console.log(`[bench-load ${lane}] ${line}`);
  const { database, env, where } = await openLane(lane);
  let listed: number;
  let dishId: number;
  try {
    await migrateToLatest(database.db);
    const seeded = await seedBenchCatalogue(database.db, { kind: database.kind, log });
    if (seeded) log(`seeded the bench catalogue into ${where}`);
    const counts = await countBenchRows(database.db);
    listed = counts.listed;
    if (listed < 100_000) throw new Error(`expected 100,000 listed dishes, found ${listed}`);
  } finally {
    // The embedded database belongs to one process: the server opens it next.
    await database.close();
  }

  const scratch = mkdtempSync(path.join(tmpdir(), 'mn-bench-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    APP_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    STATIC_DIR: path.join(scratch, 'no-static'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(lane === 'postgres' ? { DATA_DIR: scratch, DATABASE_POOL_SIZE: '10' } : {}),
    ...env,
  });
  try {
    await waitForServer(base, server);
    const first = (await (
      await fetch(`${base}/api/food/?page=1&per_page=1&${at(HOAN_KIEM)}`)
    ).json()) as { data: { items: { id: number }[] } };
    dishId = first.data.items[0]!.id;
    log(
      `${where}: ${listed} listed dishes; ${CONNECTIONS} connections, ${SECONDS} s per row, server pid ${server.pid}`,
    );
    const points = spreadPoints();
    const rows: LoadRow[] = [];
    const plan = rowsFor(dishId);
    for (const row of plan) rows.push(await measure(base, row, false, points));
    for (const row of plan.filter((r) => r.spreadable))
      rows.push(await measure(base, row, true, points));
    for (const r of rows) log(formatRow(r));
    const result: LoadResult = { lane, listed, seconds: SECONDS, connections: CONNECTIONS, rows };
    if (process.env.BENCH_RESULT_FILE)
      writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result));
  } finally {
    await stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

function formatRow(r: LoadRow): string {
  const name = `${r.name}${r.spread ? ', 50 points' : ''}`.padEnd(36);
  const ms = (v: number) => `${String(Math.round(v)).padStart(5)} ms`;
  const failures = r.non2xx + r.errors + r.timeouts;
  return (
    `${name} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}` +
    `  max ${ms(r.max)}  non-2xx ${failures}`
  );
}

main().catch((error: unknown) => {
  console.error(
    `[bench-load] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});

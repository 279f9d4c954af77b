#!/usr/bin/env node
// `npm run bench`: measurements of the built app against design.md section 7.
// Builds first when dist/ is missing (or with --build). Each benchmark is one function in
// BENCHMARKS. `--only <text>` runs the benchmarks whose name contains the text
// (`npm run bench:api`, `npm run bench -- --only lighthouse`, `npm run bench -- --only live`).
// `--against <commit>` has the benchmarks that can compare builds (Lighthouse) measure that
// commit's build too, run by run beside the current one (scripts/bench-browser.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUDGETS,
  DEFAULT_DIST,
  budgetViolations,
  formatReport,
  measureBuild,
} from './check-budgets.mjs';
import { findPostgresBin } from './with-postgres.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function ensureBuild(force) {
  if (!force && existsSync(path.join(DEFAULT_DIST, 'index.html'))) return;
  console.log('[bench] building the app (vite build)...');
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** @typedef {{ ok: boolean, summary: string[] }} BenchResult */

/** Bundle sizes of the customer's first load, gzip level 9. @returns {BenchResult} */
function bundleSize() {
  const m = measureBuild(DEFAULT_DIST);
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  console.log(formatReport(m));
  const problems = budgetViolations(m);
  for (const problem of problems) console.log(`  ! ${problem}`);
  return {
    ok: problems.length === 0,
    summary: [
      `initial JS for /: ${kb(m.totals.initialJsGzip)} KB gzip (budget ${BUDGETS.initialJsKb})`,
      `  goal for initial JS: ${BUDGETS.initialJsGoalKb} KB gzip`,
      `CSS for /: ${kb(m.totals.initialCssGzip)} KB gzip (budget ${BUDGETS.initialCssKb})`,
      `lazy chunks: ${m.lazy.length}, largest ${m.lazy[0] ? `${m.lazy[0].file} ${kb(m.lazy[0].gzip)} KB gzip` : 'none'}`,
    ],
  };
}

/**
 * Runs one lane script (scripts/bench-api.ts, scripts/bench-live.ts) and reads the figures it
 * writes. @returns {{ status: number | null, result: any }}
 */
function runLane(command, args, env) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mn-bench-result-'));
  const file = path.join(dir, 'result.json');
  try {
    const run = spawnSync(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...env, BENCH_RESULT_FILE: file },
    });
    const result = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    return { status: run.status, result };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A lane script once on PGlite and once on a throwaway PostgreSQL cluster (or
 * BENCH_DATABASE_URL); the PostgreSQL lane is skipped, with a line saying so, when neither can
 * be had. Each lane's figures go to `summarise(lane, result, summary)`, which returns its ok.
 * @returns {BenchResult}
 */
function runLanes(scriptName, summarise) {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const script = path.join('scripts', scriptName);
  // The throwaway cluster, never the test database that DATABASE_URL_TEST may name.
  const { DATABASE_URL_TEST: _testDatabase, ...env } = process.env;
  const lanes = [['PGlite', () => runLane(tsx, [script], { ...env, BENCH_LANE: 'pglite' })]];
  let skipped = null;
  if (process.env.BENCH_DATABASE_URL) {
    lanes.push(['PostgreSQL', () => runLane(tsx, [script], { ...env, BENCH_LANE: 'postgres' })]);
  } else if (findPostgresBin()) {
    const withPostgres = path.join('scripts', 'with-postgres.mjs');
    lanes.push([
      'PostgreSQL',
      () =>
        runLane(process.execPath, [withPostgres, tsx, script], {
          ...env,
          BENCH_LANE: 'postgres',
        }),
    ]);
  } else {
    skipped = 'PostgreSQL lane skipped: no initdb/pg_ctl found and BENCH_DATABASE_URL unset';
  }

  const summary = [];
  let ok = true;
  for (const [lane, run] of lanes) {
    console.log(`\n--- ${lane} ---`);
    const { status, result } = run();
    if (!result) {
      // with-postgres.mjs exits 0 without running anything when it cannot start a cluster.
      if (status === 0) summary.push(`${lane} lane skipped (see the log above)`);
      else {
        ok = false;
        summary.push(`FAILED ${lane} lane did not finish (exit ${status})`);
      }
      continue;
    }
    ok = summarise(lane, result, summary) && ok;
  }
  if (skipped) summary.push(skipped);
  return { ok, summary };
}

/**
 * Nearest-dishes page, category filter and search at 100,000 dishes, one client, on PGlite
 * (./data-bench or DATA_DIR, seeded when missing) and on PostgreSQL. Target: p95 <= 20 ms per
 * endpoint. @returns {BenchResult}
 */
function apiLatency() {
  const ms = (t) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
  return runLanes('bench-api.ts', (lane, result, summary) => {
    if (result.seededMs !== null) {
      summary.push(
        `${lane}: seeded the bench catalogue in ${(result.seededMs / 1000).toFixed(1)} s`,
      );
    }
    for (const c of result.cases) {
      const runs = c.runs < 200 ? ` (${c.runs} runs)` : '';
      summary.push(`${c.ok ? 'ok    ' : 'FAILED'} ${lane} ${c.name}: ${ms(c)}${runs}`);
    }
    const { knn, fullScan, ratio, samePage } = result.sql;
    summary.push(
      `${lane} nearest-10 SQL: GiST ${ms(knn)}; full scan ${ms(fullScan)}; ${ratio}x at p50` +
        (samePage ? '' : '; FAILED: the pages differ'),
    );
    return result.ok;
  });
}

/**
 * 1,000 Server-Sent Events streams on one instance (scripts/bench-live.ts), on PGlite (a fresh
 * temp database) and on PostgreSQL. Targets: delivery from commit p95 <= 200 ms, server memory
 * per idle stream < 64 KB, a reconnect storm after a restart without a 5xx and with every
 * missed event replayed. @returns {BenchResult}
 */
function liveEvents() {
  const verdict = (ok) => (ok ? 'ok    ' : 'FAILED');
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return runLanes('bench-live.ts', (lane, r, summary) => {
    const { delivery: d, deliveryAll: all, memory: m, storm: s } = r;
    summary.push(
      `${verdict(d.ok)} ${lane} delivery, commit to stream (${d.changes} changes, ${d.count} ` +
        `deliveries${d.missing ? `, ${d.missing} MISSING` : ''}): p50 ${d.p50} ms, p95 ${d.p95} ms ` +
        `(target 200); whole audience p95 ${all.p95} ms`,
    );
    summary.push(
      `${verdict(m.ok)} ${lane} server memory per idle stream (${r.streams}): RSS ` +
        `${kb(m.rssPerStream)}, heap ${kb(m.heapPerStream)} (target < 64 KB for both)` +
        (m.gc ? '' : ' (no gc)'),
    );
    const statuses = Object.entries(s.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    summary.push(
      `${verdict(s.ok)} ${lane} reconnect storm after a restart: ${statuses}; all open in ` +
        `${s.allOpenMs} ms; ${s.replayed}/${s.expectedReplays} missed events replayed`,
    );
    return r.ok;
  });
}

/**
 * 50 concurrent clients on each public read at 100,000 dishes (scripts/bench-load.ts), the
 * server in a process of its own, on PGlite and on PostgreSQL; the floor (/api/category/) is
 * measured in the same run. Targets: on PGlite p99 <= 250 ms on every row, no request over 1 s
 * and each row at least half the PostgreSQL lane's throughput; on PostgreSQL search by price
 * p99 <= 150 ms and every row at least 30% of the floor. Rows with the crowd spread over 50
 * points are informational. @returns {BenchResult}
 */
function loadBench() {
  const lanes = {};
  const fmt = (r) =>
    `${String(r.reqPerSec).padStart(6)} req/s, p50 ${Math.round(r.p50)} ms, p99 ${Math.round(r.p99)} ms, ` +
    `max ${Math.round(r.max)} ms, non-2xx ${r.non2xx + r.errors + r.timeouts}`;
  const { ok: lanesOk, summary } = runLanes('bench-load.ts', (lane, result) => {
    lanes[lane] = result;
    return true;
  });
  let ok = lanesOk;
  const pglite = lanes.PGlite;
  const postgres = lanes.PostgreSQL;
  const held = (result) => result.rows.filter((r) => !r.spread);
  if (pglite) {
    for (const r of held(pglite)) {
      const failures = r.non2xx + r.errors + r.timeouts;
      const pg = postgres && held(postgres).find((p) => p.name === r.name);
      const problems = [];
      if (r.p99 > 250) problems.push('p99 over 250 ms');
      if (r.max > 1000) problems.push('a request over 1 s');
      if (failures) problems.push('failed requests');
      if (pg && r.reqPerSec < pg.reqPerSec / 2) problems.push('under half of PostgreSQL');
      ok = ok && problems.length === 0;
      const vs = pg ? ` (${Math.round((100 * r.reqPerSec) / pg.reqPerSec)}% of PostgreSQL)` : '';
      summary.push(
        `${problems.length ? 'FAILED' : 'ok    '} PGlite ${r.name}: ${fmt(r)}${vs}` +
          (problems.length ? `; ${problems.join(', ')}` : ''),
      );
    }
  }
  if (postgres) {
    const rows = held(postgres);
    const floor = rows.find((r) => r.name.includes('floor'));
    for (const r of rows) {
      const problems = [];
      if (r.name.includes('by price') && r.p99 > 150) problems.push('p99 over 150 ms');
      if (floor && r.reqPerSec < floor.reqPerSec * 0.3) problems.push('under 30% of the floor');
      if (r.non2xx + r.errors + r.timeouts) problems.push('failed requests');
      ok = ok && problems.length === 0;
      const share = floor
        ? ` (${Math.round((100 * r.reqPerSec) / floor.reqPerSec)}% of the floor)`
        : '';
      summary.push(
        `${problems.length ? 'FAILED' : 'ok    '} PostgreSQL ${r.name}: ${fmt(r)}${share}` +
          (problems.length ? `; ${problems.join(', ')}` : ''),
      );
    }
  }
  for (const [lane, result] of Object.entries(lanes)) {
    for (const r of result.rows.filter((row) => row.spread))
      summary.push(`info   ${lane} ${r.name}, crowd over 50 points: ${fmt(r)}`);
  }
  return { ok, summary };
}

/**
 * Search relevance over the judged query set (scripts/search-judgments.json) on the demo
 * catalogue (scripts/bench-search.ts): mean precision of the first page and mean recall over
 * all pages, target 0.9 each. @returns {BenchResult}
 */
function searchRelevance() {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const { status, result } = runLane(tsx, [path.join('scripts', 'bench-search.ts')], process.env);
  if (!result) return { ok: false, summary: [`bench-search exited with ${status}, no figures`] };
  return {
    ok: status === 0 && result.ok,
    summary: [
      `${result.ok ? 'ok    ' : 'FAILED'} ${result.figures.length} judged queries: mean precision ` +
        `of page 1 ${result.precision.toFixed(3)}, mean recall ${result.recall.toFixed(3)} ` +
        '(target 0.9 each)',
    ],
  };
}

/** @typedef {{ against?: string }} BenchOptions */

/**
 * `comparesBuilds`: the benchmark takes `{ against }`, a commit whose build it measures too.
 * @type {{
 *   name: string,
 *   run: (options: BenchOptions) => BenchResult | Promise<BenchResult>,
 *   needsBuild?: boolean,
 *   comparesBuilds?: boolean,
 * }[]}
 */
const BENCHMARKS = [
  { name: 'bundle size', run: bundleSize, needsBuild: true },
  {
    name: 'Lighthouse mobile',
    // Loaded only when selected: Lighthouse and Puppeteer take a while to import.
    run: async (options) => (await import('./bench-lighthouse.mjs')).lighthouseBench(options),
    needsBuild: true,
    comparesBuilds: true,
  },
  {
    name: 'first-load on a slow phone',
    run: async () => (await import('./bench-first-load.mjs')).firstLoadBench(),
    needsBuild: true,
  },
  { name: 'API latency at 100,000 dishes', run: apiLatency },
  { name: 'live events, 1,000 streams', run: liveEvents },
  { name: 'load at 100,000 dishes', run: loadBench },
  { name: 'search relevance', run: searchRelevance },
];

/** The value after `--name`, or undefined when the option is absent. */
function option(name) {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

async function main() {
  const only = (option('--only') ?? '').toLowerCase();
  const against = option('--against');
  const selected = BENCHMARKS.filter((b) => b.name.toLowerCase().includes(only));
  if (!selected.length) throw new Error(`no benchmark matches --only ${only}`);
  if (against && !selected.some((b) => b.comparesBuilds)) {
    throw new Error(`--against: none of the selected benchmarks compares builds`);
  }
  if (selected.some((b) => b.needsBuild)) ensureBuild(process.argv.includes('--build'));
  const results = [];
  for (const bench of selected) {
    console.log(`\n=== ${bench.name} ===`);
    if (against && !bench.comparesBuilds) console.log(`(the current build only, not ${against})`);
    const started = Date.now();
    const result = await bench.run(bench.comparesBuilds ? { against } : {});
    results.push({ name: bench.name, ms: Date.now() - started, ...result });
  }
  console.log('\n=== summary ===');
  for (const r of results) {
    console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.ms} ms)`);
    for (const line of r.summary) console.log(`       ${line}`);
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
});

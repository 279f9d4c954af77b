#!/usr/bin/env node
// `npm run bench`: measurements of the built app against design.md section 7.
// Builds first when dist/ is missing (or with --build). Each benchmark is one function in
// BENCHMARKS; later ones (Lighthouse, API latency at 100,000 dishes) are added to that list.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUDGETS,
  DEFAULT_DIST,
  budgetViolations,
  formatReport,
  measureBuild,
} from './check-budgets.mjs';

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

/** @type {{ name: string, run: () => BenchResult | Promise<BenchResult> }[]} */
const BENCHMARKS = [{ name: 'bundle size', run: bundleSize }];

async function main() {
  ensureBuild(process.argv.includes('--build'));
  const results = [];
  for (const bench of BENCHMARKS) {
    console.log(`\n=== ${bench.name} ===`);
    const started = Date.now();
    const result = await bench.run();
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

#!/usr/bin/env node
// Size budgets of the built client (design.md section 7), measured on dist/ as a browser loads it.
//
// Initial JS = every script and modulepreload in dist/index.html plus, recursively, every chunk
// those import statically: what must download before the customer home can run. Initial CSS =
// the stylesheets index.html links. Everything else under dist/assets/*.js is a lazy chunk
// (a route or a library only a route needs). Sizes are gzip level 9, in KB of 1000 bytes (as
// Vite prints sizes).
//
// Budgets: initial JS <= 135 KB (goal 130; 129.3 KB since decision 050 left React Router's
// data router and the cart outbox's engine, from 154.8), initial CSS <= 25 KB, each lazy chunk <= 40 KB. Lazy chunks
// whose file name contains "charts" or "staff" are exempt from the 40 KB: the staff dashboard
// carries the chart library (recharts is ~100 KB gzip on its own), it is never precached nor
// loaded by a customer, and its cost is paid once by a pinned staff tablet. To keep that
// exemption honest, no initial chunk may contain recharts at all.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGETS = {
  initialJsKb: 135,
  initialJsGoalKb: 130,
  initialCssKb: 25,
  lazyChunkKb: 40,
};
const EXEMPT_LAZY = /charts|staff/i;
/**
 * The screens a user opens the app on: a visitor's sign-ins and the signed-in homes, each by
 * its route (the chunks route-preloads.json lists for it) or, for the staff home that shares /
 * with the customer's, by the chunk its screen module is built into.
 */
const FIRST_SCREENS = [
  { name: 'customer sign-in', route: '/login' },
  { name: 'staff sign-in', route: '/staff/login' },
  { name: 'customer home', route: '/' },
  { name: 'dish page', route: '/food/1' },
  { name: 'staff home', route: '/', chunk: 'staff-dashboard-page' },
];
const CHART_MARKER = 'recharts';
// In zod's own code only: the schema library belongs to the forms that send and the screens
// that check a reply, not to the screens a user opens the app on.
const SCHEMA_MARKER = '$ZodType';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST = path.join(ROOT, 'dist');

const kb = (bytes) => bytes / 1000;

function attr(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** URL in index.html -> file in dist, or null for anything not served from dist. */
function distFile(distDir, url) {
  if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return null;
  const clean = url.split(/[?#]/)[0];
  return path.join(distDir, clean.startsWith('/') ? clean.slice(1) : clean);
}

/** Static imports of a built ES module chunk (`import x from"./a.js"`, `import"./b.js"`,
 *  `export{y}from"./c.js"`); dynamic `import("./d.js")` is lazy and deliberately not matched. */
export function staticImports(code) {
  const found = new Set();
  const pattern = /(?:\bfrom\s*|\bimport\s*)(["'])([^"'\n]+?\.m?js)\1/g;
  for (const match of code.matchAll(pattern)) found.add(match[2]);
  return [...found];
}

/**
 * The files `starts` import statically, themselves included, as absolute paths; the walk does
 * not go into `stop`.
 */
function staticClosure(distDir, starts, stop = new Set()) {
  const found = new Set();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift();
    if (found.has(file) || stop.has(file)) continue;
    if (!existsSync(file)) throw new Error(`index.html or a chunk refers to a missing ${file}`);
    found.add(file);
    const code = readFileSync(file, 'utf8');
    for (const spec of staticImports(code)) {
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else if (spec.startsWith('/')) queue.push(path.join(distDir, spec.slice(1)));
    }
  }
  return found;
}

function measureFile(file) {
  const content = readFileSync(file);
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    hasCharts: content.includes(CHART_MARKER),
    hasSchemas: content.includes(SCHEMA_MARKER),
  };
}

/**
 * Measures a built client. Returns the initial JS and CSS of the entry page and every lazy chunk,
 * each as {file, raw, gzip, hasCharts} (bytes), plus the totals.
 */
export function measureBuild(distDir = DEFAULT_DIST) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`${path.relative(ROOT, indexFile)} not found: run \`npm run build\` first`);
  }
  const html = readFileSync(indexFile, 'utf8');

  const entryJs = [];
  const css = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const file = distFile(distDir, attr(tag, 'src'));
    if (file) entryJs.push(file);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const file = distFile(distDir, attr(tag, 'href'));
    if (!file) continue;
    if (rel.includes('modulepreload')) entryJs.push(file);
    else if (rel.includes('stylesheet')) css.push(file);
  }
  if (entryJs.length === 0) throw new Error('dist/index.html loads no script');

  const initial = staticClosure(distDir, entryJs);

  const describe = (file) => ({ file: path.relative(distDir, file), ...measureFile(file) });
  const assetsDir = path.join(distDir, 'assets');
  const allChunks = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((name) => /\.m?js$/.test(name))
        .map((name) => path.join(assetsDir, name))
    : [];

  const initialJs = [...initial].map(describe).sort((a, b) => b.gzip - a.gzip);
  const initialCss = css.map(describe).sort((a, b) => b.gzip - a.gzip);
  const lazy = allChunks
    .filter((file) => !initial.has(file))
    .map(describe)
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);

  const m = {
    distDir,
    initialJs,
    initialCss,
    lazy,
    totals: {
      initialJsRaw: sum(initialJs, 'raw'),
      initialJsGzip: sum(initialJs, 'gzip'),
      initialCssRaw: sum(initialCss, 'raw'),
      initialCssGzip: sum(initialCss, 'gzip'),
    },
  };
  return { ...m, firstScreens: measureFirstScreens(m) };
}

/**
 * The scripts a first screen needs beyond the initial JS: those build/route-preloads.ts listed
 * for its route in route-preloads.json, or the chunk built from its screen module with what it
 * imports statically. Null without that file, route or chunk. Shown beside the initial JS so
 * that moving code from the entry into a screen's own chunks reads as what it is, not as a
 * saving.
 */
export function firstScreenFiles(m, screen) {
  if (screen.chunk) {
    const start = m.lazy.find((c) => path.basename(c.file).startsWith(`${screen.chunk}-`));
    if (!start) return null;
    const absolute = (c) => path.join(m.distDir, c.file);
    const initial = new Set(m.initialJs.map(absolute));
    const files = staticClosure(m.distDir, [absolute(start)], initial);
    return [...files].map((file) => path.relative(m.distDir, file));
  }
  const preloads = path.join(m.distDir, 'route-preloads.json');
  if (!existsSync(preloads)) return null;
  const routes = JSON.parse(readFileSync(preloads, 'utf8'));
  const route = routes.find((entry) => new RegExp(entry.pattern).test(screen.route));
  return route ? route.files.filter((name) => /\.m?js$/.test(name)) : null;
}

/** Each first screen with the gzip bytes of its own scripts and whether they carry zod. */
export function measureFirstScreens(m) {
  return FIRST_SCREENS.flatMap((screen) => {
    const files = firstScreenFiles(m, screen);
    if (files === null) return [];
    const measured = files.map((file) => measureFile(path.join(m.distDir, file)));
    return [
      {
        ...screen,
        gzip: measured.reduce((total, f) => total + f.gzip, 0),
        schemaFiles: files.filter((_, i) => measured[i].hasSchemas),
      },
    ];
  });
}

/** Every broken budget, as a sentence; empty when all hold. */
export function budgetViolations(m, budgets = BUDGETS) {
  const problems = [];
  if (kb(m.totals.initialJsGzip) > budgets.initialJsKb) {
    problems.push(
      `initial JS is ${kb(m.totals.initialJsGzip).toFixed(1)} KB gzip, budget ${budgets.initialJsKb} KB`,
    );
  }
  if (kb(m.totals.initialCssGzip) > budgets.initialCssKb) {
    problems.push(
      `initial CSS is ${kb(m.totals.initialCssGzip).toFixed(1)} KB gzip, budget ${budgets.initialCssKb} KB`,
    );
  }
  for (const chunk of m.initialJs.filter((c) => c.hasCharts)) {
    problems.push(
      `initial chunk ${chunk.file} contains ${CHART_MARKER}: charts belong to the staff dashboard chunk only`,
    );
  }
  for (const chunk of m.initialJs.filter((c) => c.hasSchemas)) {
    problems.push(`initial chunk ${chunk.file} contains zod: schemas belong to the forms`);
  }
  for (const screen of m.firstScreens ?? []) {
    for (const file of screen.schemaFiles) {
      problems.push(`the ${screen.name}'s chunk ${file} contains zod: schemas belong to the forms`);
    }
  }
  for (const chunk of m.lazy) {
    if (kb(chunk.gzip) > budgets.lazyChunkKb && !EXEMPT_LAZY.test(path.basename(chunk.file))) {
      problems.push(
        `lazy chunk ${chunk.file} is ${kb(chunk.gzip).toFixed(1)} KB gzip, budget ${budgets.lazyChunkKb} KB`,
      );
    }
  }
  return problems;
}

function lazyLimit(chunk, budgets) {
  return EXEMPT_LAZY.test(path.basename(chunk.file)) ? 'exempt' : `${budgets.lazyChunkKb}`;
}

/** A plain-text table of the measurement, for terminals and CI logs. */
export function formatReport(m, budgets = BUDGETS) {
  const rows = [['kind', 'file', 'raw KB', 'gzip KB', 'budget KB', 'charts']];
  const add = (kind, c, budget) =>
    rows.push([
      kind,
      c.file,
      kb(c.raw).toFixed(1),
      kb(c.gzip).toFixed(1),
      budget,
      c.hasCharts ? 'yes' : '',
    ]);
  for (const c of m.initialJs) add('initial js', c, '');
  rows.push([
    '',
    'TOTAL initial JS',
    kb(m.totals.initialJsRaw).toFixed(1),
    kb(m.totals.initialJsGzip).toFixed(1),
    `${budgets.initialJsKb}`,
    '',
  ]);
  for (const c of m.initialCss) add('initial css', c, '');
  rows.push([
    '',
    'TOTAL initial CSS',
    kb(m.totals.initialCssRaw).toFixed(1),
    kb(m.totals.initialCssGzip).toFixed(1),
    `${budgets.initialCssKb}`,
    '',
  ]);
  for (const c of m.lazy) add('lazy js', c, lazyLimit(c, budgets));

  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const numeric = new Set([2, 3, 4]);
  const line = (r) =>
    r
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

function main() {
  let m;
  try {
    m = measureBuild(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_DIST);
  } catch (error) {
    console.error(`[budgets] ${error.message}`);
    process.exit(1);
  }
  console.log(formatReport(m));
  console.log(
    `\ninitial JS: ${kb(m.totals.initialJsGzip).toFixed(1)} KB gzip (budget ${BUDGETS.initialJsKb}, goal ${BUDGETS.initialJsGoalKb})`,
  );
  // Each first screen's own chunks, preloaded with the entry (or fetched after the paint of a
  // page that arrived with its screen): no budget of their own, shown so that a move from the
  // entry into a screen reads as a move.
  for (const screen of m.firstScreens) {
    const whole = kb(m.totals.initialJsGzip + screen.gzip).toFixed(1);
    console.log(
      `  ${screen.name} (${screen.route}): its own chunks ${kb(screen.gzip).toFixed(1)} KB gzip, ${whole} KB with the initial JS`,
    );
  }
  console.log(
    `CSS for every first screen: ${kb(m.totals.initialCssGzip).toFixed(1)} KB gzip (budget ${BUDGETS.initialCssKb})`,
  );
  const problems = budgetViolations(m);
  if (problems.length > 0) {
    console.error(
      `\n[budgets] ${problems.length} budget(s) broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('[budgets] all budgets hold');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

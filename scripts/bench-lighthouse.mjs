// The Lighthouse benchmark of `npm run bench` (design.md section 7): the built app on the real
// server, audited in Debian's Chromium with Lighthouse's mobile emulation and default
// (simulated slow 4G, 4x CPU) throttling. Three pages cold, median of 3 runs each, then warm
// repeat visits of the customer home served by the service worker.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {
  ROOT,
  installServiceWorker,
  launchChromium,
  median,
  referenceBuild,
  seedLocalStorage,
  signInCustomer,
  startServer,
} from './bench-browser.mjs';

const REPORT_DIR = path.join(ROOT, '.lighthouse');
// LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (comma-separated names: login, home, food, home-warm)
// narrow a run while working on one page; the figures for the README come from the full run.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
// LIGHTHOUSE_DIST audits another build than dist/, to compare two builds run by run.
const DIST = path.resolve(process.env.LIGHTHOUSE_DIST ?? path.join(ROOT, 'dist'));

export const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  coldLcpMs: 2000,
  warmLcpMs: 1000,
};

// Lighthouse keeps localStorage and IndexedDB between runs unless told otherwise. The session
// lives in localStorage (seeded before each run); IndexedDB holds the persisted query cache,
// which would let a "cold" run paint the grid without asking the network.
const COLD_CLEAR = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
];

function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** What keeps a run below 100 in its categories: failing audits, by category. */
function problems(lhr) {
  const found = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 && category.id !== 'performance') continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') {
        continue;
      }
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      found.push(`${category.id}: ${audit.id}${shown}`);
    }
  }
  return found;
}

/** One Lighthouse run of `url`, its report kept as .lighthouse/<report>.json. */
async function auditOnce(browser, url, { storage, cookie, origin, warm, install, report, label }) {
  const page = await browser.newPage();
  try {
    if (!warm || install) await seedLocalStorage(page, origin, storage, cookie);
    if (install) await installServiceWorker(page, url);
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(warm ? { disableStorageReset: true } : { clearStorageTypes: COLD_CLEAR }),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the session was not accepted`);
    }
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(lhr));
    const f = figures(lhr);
    console.log(
      `  ${label}: perf ${f.performance}, a11y ${f.accessibility}, ` +
        `bp ${f.bestPractices}, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, ` +
        `CLS ${f.cls.toFixed(3)} (host benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`,
    );
    return { ...f, lhr };
  } finally {
    await page.close();
  }
}

/** The medians of a page's runs, with what held back its typical run. */
function summarise(runs, label) {
  const keys = ['performance', 'accessibility', 'bestPractices', 'lcp', 'tbt', 'cls'];
  const result = Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))]));
  // The run whose performance score is the median explains the figures best.
  const typical = [...runs].sort((a, b) => a.performance - b.performance)[
    Math.floor(runs.length / 2)
  ];
  console.log(`  ${label}, the median run:`);
  for (const line of problems(typical.lhr)) console.log(`    - ${line}`);
  const lcpElement =
    typical.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
      ?.snippet;
  if (lcpElement) console.log(`    LCP element: ${lcpElement}`);
  return result;
}

function verdict(name, f, { warm }) {
  const misses = [];
  const check = (ok, text) => (ok ? text : (misses.push(text), `${text} (MISS)`));
  const parts = warm
    ? [check(f.lcp <= TARGETS.warmLcpMs, `warm LCP ${(f.lcp / 1000).toFixed(2)} s`)]
    : [
        check(f.performance >= TARGETS.performance, `perf ${f.performance}`),
        check(f.accessibility >= TARGETS.accessibility, `a11y ${f.accessibility}`),
        check(f.bestPractices >= TARGETS.bestPractices, `bp ${f.bestPractices}`),
        check(f.lcp <= TARGETS.coldLcpMs, `LCP ${(f.lcp / 1000).toFixed(2)} s`),
      ];
  parts.push(`TBT ${Math.round(f.tbt)} ms`, `CLS ${f.cls.toFixed(3)}`);
  return { line: `${misses.length ? 'MISSED' : 'ok    '} ${name}: ${parts.join(', ')}`, misses };
}

/** The reference's medians beside the current ones: informational, the targets judge the current. */
function comparison(short, current, reference) {
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  return (
    `       vs ${short}: perf ${current.performance} / ${reference.performance}, ` +
    `LCP ${(current.lcp / 1000).toFixed(2)} s / ${(reference.lcp / 1000).toFixed(2)} s ` +
    `(ratio ${ratio(current.lcp, reference.lcp)}), ` +
    `TBT ${Math.round(current.tbt)} ms / ${Math.round(reference.tbt)} ms ` +
    `(ratio ${ratio(current.tbt, reference.tbt)}), current / reference`
  );
}

/**
 * Lighthouse 12 on /login, the customer home and a food page (cold: storage, caches and service
 * worker cleared; median of 3), then the home again through the service worker (warm).
 * Targets: performance >= 95, accessibility 100, best practices >= 95, LCP <= 2.0 s cold and
 * <= 1.0 s warm. With `against` (a commit), that commit's build is audited too, on its own
 * server, alternating with the current one run by run, and its medians are printed beside the
 * current ones. @returns {Promise<{ ok: boolean, summary: string[] }>}
 */
export async function lighthouseBench({ against } = {}) {
  // Built before any server starts: the first time, the install and build take minutes.
  const reference = against ? referenceBuild(against) : null;
  const builds = [{ name: 'current', tag: '', staticDir: DIST }];
  if (reference) {
    builds.push({
      name: `reference ${reference.short}`,
      tag: `-ref-${reference.short}`,
      root: reference.root,
      staticDir: reference.dist,
    });
  }
  let browser;
  try {
    for (const build of builds) {
      build.server = await startServer({ root: build.root, staticDir: build.staticDir });
      // Against its own server: each has its own demo data, users and tokens.
      Object.assign(build, await signInCustomer(build.server.origin));
    }
    browser = await launchChromium();
    const alongside = reference ? `, alternating with ${reference.short} run by run` : '';
    console.log(
      `Chromium ${await browser.version()}, Lighthouse mobile, ${RUNS} runs a page${alongside}`,
    );
    const pages = [
      { name: 'login', url: () => '/login', signedIn: false },
      { name: 'home', url: () => '/', signedIn: true },
      { name: 'food', url: (build) => `/food/${build.foodId}`, signedIn: true },
      { name: 'home-warm', url: () => '/', signedIn: true, warm: true },
    ];
    const summary = [];
    let ok = true;
    for (const entry of pages.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
      const runs = builds.map(() => []);
      // Alternating the builds run by run spreads the host's changing load over both.
      for (let run = 1; run <= RUNS; run += 1) {
        for (const [index, build] of builds.entries()) {
          const { origin } = build.server;
          const label = builds.length > 1 ? `${entry.name} ${build.name}` : entry.name;
          runs[index].push(
            await auditOnce(browser, `${origin}${entry.url(build)}`, {
              origin,
              storage: entry.signedIn ? build.storage : {},
              cookie: entry.signedIn ? build.cookie : undefined,
              warm: entry.warm ?? false,
              install: (entry.warm ?? false) && run === 1,
              report: `${entry.name}${build.tag}-${run}`,
              label: `${label} run ${run}`,
            }),
          );
        }
      }
      const [current, ...others] = builds.map((build, index) =>
        summarise(runs[index], builds.length > 1 ? `${entry.name} ${build.name}` : entry.name),
      );
      const url = entry.url(builds[0]);
      const label = entry.warm ? `${url} warm (service worker)` : url;
      const { line, misses } = verdict(label, current, { warm: entry.warm ?? false });
      summary.push(line);
      if (reference) summary.push(comparison(reference.short, current, others[0]));
      ok &&= misses.length === 0;
    }
    summary.push(
      `targets: perf >= ${TARGETS.performance}, a11y ${TARGETS.accessibility}, ` +
        `bp >= ${TARGETS.bestPractices}, LCP <= ${TARGETS.coldLcpMs / 1000} s cold, ` +
        `<= ${TARGETS.warmLcpMs / 1000} s warm; medians of ${RUNS}; reports in .lighthouse/`,
    );
    if (reference) {
      summary.push(
        `reference: ${reference.sha} built in ${path.relative(ROOT, reference.root)}, on its ` +
          'own server; the targets judge the current build only',
      );
    }
    return { ok, summary };
  } finally {
    await browser?.close();
    for (const build of builds) await build.server?.stop();
  }
}

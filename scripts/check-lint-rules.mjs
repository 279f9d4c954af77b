#!/usr/bin/env node
// Proves that the architecture rules of eslint.config.js still fire. They are easy to break
// silently (a plugin upgrade renames an option, a glob stops matching and the rule becomes a
// no-op), so this lints a small fixture tree with the real config and checks that every
// forbidden import is reported and every allowed one is not.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** file -> [source, rule ids that must be reported (empty: the file must be clean)] */
const FIXTURES = {
  'contract/category.ts': [
    `import { z } from 'zod';\nexport const CategorySchema = z.string();\n`,
    [],
  ],
  'contract/bad.ts': [
    `import ky from 'ky';\nimport { s } from '../server/modules/orders/orders.service';\nexport const bad = [ky, s];\n`,
    ['no-restricted-imports', 'boundaries/dependencies'],
  ],
  'server/modules/menu/menu.queries.ts': [`export const menuRows = 1;\n`, []],
  'server/modules/menu/menu.service.ts': [
    `import { menuRows } from './menu.queries';\nexport const menu = menuRows;\n`,
    [],
  ],
  'server/modules/orders/orders.queries.ts': [`export const orderRows = 1;\n`, []],
  'server/modules/orders/orders.service.ts': [
    `import { menu } from '../menu/menu.service';\nimport { orderRows } from './orders.queries';\nimport { CategorySchema } from '../../../contract/category';\nexport const s = [menu, orderRows, CategorySchema];\n`,
    [],
  ],
  'server/modules/orders/orders.bad-service.ts': [
    `import { menuRows } from '../menu/menu.queries';\nexport const x = menuRows;\n`,
    ['boundaries/dependencies'],
  ],
  'server/modules/orders/orders.routes.ts': [
    `import { orderRows } from './orders.queries';\nexport const r = orderRows;\n`,
    ['boundaries/dependencies'],
  ],
  'server/uses-client.ts': [
    `import { util } from '../src/lib/util';\nexport const u = util;\n`,
    ['no-restricted-imports', 'boundaries/dependencies'],
  ],
  'server/uses-client-by-alias.ts': [
    `import { util } from '#src/lib/util';\nexport const u = util;\n`,
    ['no-restricted-imports', 'boundaries/dependencies'],
  ],
  'server/modules/orders/orders.alias-bad-service.ts': [
    `import { menuRows } from '#server/modules/menu/menu.queries';\nexport const x = menuRows;\n`,
    ['boundaries/dependencies'],
  ],
  'server/errors.ts': [
    `import { z } from 'zod';\nimport { s } from './modules/orders/orders.service';\nexport class AppError extends Error {}\nexport const e = [z, s];\n`,
    ['no-restricted-imports'],
  ],
  'server/http/access.ts': [
    `import { AppError } from '../errors';\nexport const accessPlugin = AppError;\n`,
    [],
  ],
  'server/app.ts': [
    `import { accessPlugin } from './http/access';\nimport { s } from '#server/modules/orders/orders.service';\nexport const app = [accessPlugin, s];\n`,
    [],
  ],
  'server/modules/orders/orders.uses-http.ts': [
    `import { accessPlugin } from '#server/http/access';\nimport { AppError } from '#server/errors';\nexport const x = [accessPlugin, AppError];\n`,
    ['boundaries/dependencies'],
  ],
  'server/lib/uses-http.ts': [
    `import { accessPlugin } from '../http/access';\nexport const x = accessPlugin;\n`,
    ['boundaries/dependencies'],
  ],
  'server/lib/pagination.ts': [
    `import { AppError } from '../errors';\nimport { CategorySchema } from '#contract/category';\nexport const p = [AppError, CategorySchema];\n`,
    [],
  ],
  'server/lib/uses-module.ts': [
    `import { s } from '#server/modules/orders/orders.service';\nexport const x = s;\n`,
    ['boundaries/dependencies'],
  ],
  'server/payment/vnpay/vnpay.ts': [
    `import { p } from '#server/lib/pagination';\nimport { AppError } from '#server/errors';\nexport const vnpay = [p, AppError];\n`,
    [],
  ],
  'server/payment/vnpay/uses-module.ts': [
    `import { s } from '../../modules/orders/orders.service';\nexport const x = s;\n`,
    ['boundaries/dependencies'],
  ],
  'src/app/routes.ts': [`export const routeAccess = [];\n`, []],
  'src/app/router.ts': [
    `import { routeAccess } from './routes';\nimport { list } from '#src/features/menu/components/menu-list';\nexport const router = [routeAccess, list];\n`,
    [],
  ],
  'src/features/menu/components/uses-app.ts': [
    `import { routeAccess } from '#src/app/routes';\nexport const x = routeAccess;\n`,
    ['boundaries/dependencies'],
  ],
  'src/components/uses-app.ts': [
    `import { routeAccess } from '../app/routes';\nexport const x = routeAccess;\n`,
    ['boundaries/dependencies'],
  ],
  'src/components/uses-feature.ts': [
    `import { cart } from '#src/features/cart/cart-api';\nexport const x = cart;\n`,
    ['boundaries/dependencies'],
  ],
  'src/api/orders.ts': [
    `import { util } from '../lib/util';\nimport { CategorySchema } from '#contract/category';\nexport const orders = [util, CategorySchema];\n`,
    [],
  ],
  'src/api/uses-feature.ts': [
    `import { cart } from '#src/features/cart/cart-api';\nexport const x = cart;\n`,
    ['boundaries/dependencies'],
  ],
  'src/first-load/splash.ts': [`export const splash = 1;\n`, []],
  'src/app/uses-first-load.ts': [
    `import { splash } from '../first-load/splash';\nexport const x = splash;\n`,
    [],
  ],
  'src/features/menu/uses-first-load.ts': [
    `import { splash } from '#src/first-load/splash';\nexport const x = splash;\n`,
    ['boundaries/dependencies'],
  ],
  'src/config/paths.ts': [`export const paths = { home: '/' };\n`, []],
  'build/route-preloads.ts': [
    `import { paths } from '../src/config/paths';\nimport { splash } from '../src/first-load/splash';\nexport const x = [paths, splash];\n`,
    ['no-restricted-imports'],
  ],
  'src/lib/util.ts': [`export const util = 1;\n`, []],
  'src/lib/uses-server-by-alias.ts': [
    `import { s } from '#server/modules/orders/orders.service';\nexport const v = s;\n`,
    ['no-restricted-imports', 'boundaries/dependencies'],
  ],
  'src/lib/uses-server.ts': [
    `import { s } from '../../server/modules/orders/orders.service';\nexport const v = s;\n`,
    ['no-restricted-imports', 'boundaries/dependencies'],
  ],
  'src/features/cart/cart-api.ts': [
    `import { util } from '#src/lib/util';\nimport { CategorySchema } from '#contract/category';\nexport const cart = [util, CategorySchema];\n`,
    [],
  ],
  'src/features/menu/components/menu-list.ts': [
    `import { cart } from '../../cart/cart-api';\nexport const list = cart;\n`,
    ['boundaries/dependencies'],
  ],
  'src/features/menu/index.ts': [
    `export { list } from './components/menu-list';\n`,
    ['local/no-barrel-files'],
  ],
  'src/lib/everything.ts': [
    `export * from './util';\n`,
    ['local/no-barrel-files', 'no-restricted-syntax'],
  ],
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mon-ngon-lint-rules-'));
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    copyFileSync(path.join(ROOT, 'eslint.config.js'), path.join(dir, 'eslint.config.js'));
    // The project's own subpath imports (#contract/*, #server/*, #src/*), so the fixtures
    // resolve them exactly as the project does.
    const { imports } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', imports }));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2023',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          skipLibCheck: true,
          noEmit: true,
        },
        include: ['contract', 'server', 'src', 'build'],
      }),
    );
    for (const [file, [source]] of Object.entries(FIXTURES)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }

    const eslint = new ESLint({ cwd: dir });
    const results = await eslint.lintFiles(Object.keys(FIXTURES));
    const failures = [];
    for (const result of results) {
      const file = path.relative(dir, result.filePath);
      const expected = new Set(FIXTURES[file][1]);
      const reported = new Set(result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`));
      for (const rule of expected) {
        if (!reported.has(rule)) failures.push(`${file}: expected ${rule} to be reported`);
      }
      for (const message of result.messages) {
        if (!expected.has(message.ruleId ?? '')) {
          failures.push(`${file}:${message.line} unexpected ${message.ruleId}: ${message.message}`);
        }
      }
    }
    if (failures.length > 0) {
      console.error(
        `[lint rules] the architecture rules do not behave:\n  ${failures.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log(`[lint rules] ${results.length} fixtures behave as expected`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

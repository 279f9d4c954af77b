// @ts-check
// One flat config for the whole repository. Formatting belongs to Prettier, so no stylistic rule
// is enabled here; every rule below is about correctness or architecture (design.md section 2).
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.{ts,tsx,mts,cts}'];
const JS = ['**/*.{js,mjs,cjs}'];
const NODE_CODE = [
  'server/**',
  'scripts/**',
  'e2e/**',
  'tests/api/**',
  'tests/unit/server/**',
  'tests/helpers/**',
  'tests/factories/**',
  'build/**',
  'tests/*.ts',
  '*.config.{js,ts,mjs}',
];
const TEST_CODE = ['tests/**', 'e2e/**'];

/**
 * A barrel is a file that only re-exports other modules. It hides where things live, defeats
 * tree-shaking in the client and invites import cycles (bulletproof-react, "no barrel files").
 * `export *` is refused everywhere for the same reason; this rule also catches
 * `export { a } from './a'` files.
 * @type {import('eslint').ESLint.Plugin}
 */
const localPlugin = {
  rules: {
    'no-barrel-files': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          barrel:
            'Re-export-only file (barrel). Import from the module that defines the thing instead.',
        },
      },
      create(context) {
        return {
          Program(program) {
            const statements = program.body;
            const isReExport = (/** @type {import('estree').Node} */ node) =>
              (node.type === 'ExportNamedDeclaration' && node.source != null) ||
              node.type === 'ExportAllDeclaration';
            if (statements.length > 0 && statements.every(isReExport)) {
              context.report({ node: program, messageId: 'barrel' });
            }
          },
        };
      },
    },
  },
};

// Regex fallbacks for the two hardest boundaries: they read the import path itself, so
// they hold even for a specifier the boundaries plugin's resolver could not resolve.
const notFromServer = {
  regex: '^(?:#server(?:/|$)|(?:\\.\\./)+(?:.*/)?server(?:/|$))',
  message: 'The client never imports the server; share types through contract/.',
};
const notFromClient = {
  regex: '^(?:#src(?:/|$)|(?:\\.\\./)+(?:.*/)?src(?:/|$))',
  message: 'The server never imports the client; share types through contract/.',
};

const elementTo = (/** @type {string[]} */ ...types) => ({
  to: { element: { types: { anyOf: types } } },
});
const elementFrom = (/** @type {string[]} */ ...types) => ({
  element: { types: { anyOf: types } },
});

/** Every element of the React client, and of the server. */
const CLIENT = [
  'client',
  'client-app',
  'client-first-load',
  'client-api',
  'client-components',
  'client-lib',
  'client-config',
  'client-i18n',
  'feature',
];
const SERVER = ['server', 'server-http', 'server-lib', 'server-provider', 'server-module'];

// Shared by the general rules and the client's, which replace the list rather than add to it.
const noExportAll = {
  selector: 'ExportAllDeclaration',
  message: 'No `export *`: import from the defining module (no barrel files).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'dev-dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '.vite/**',
      // The reference builds of `npm run bench -- --against <commit>`: whole checkouts.
      '.bench-cache/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  // TypeScript: type-checked rules through the project service, which finds each file's
  // tsconfig (app, server or sw) through the references of the root tsconfig.json.
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-unnecessary-type-parameters': 'error',
      '@typescript-eslint/prefer-optional-chain': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Fastify handlers are `async` so that returning a value sends it, with or without await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Plain JavaScript (scripts, this file): no type information, typescript-eslint's syntax rules.
  {
    files: JS,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  {
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-syntax': ['error', noExportAll],
      'local/no-barrel-files': 'error',
    },
    plugins: { local: localPlugin },
  },

  // The first vi-VN formatter a page makes loads the locale's data, a long task on a slow phone:
  // numbers are written by i18n/numbers.ts and lib/format.ts, which say why.
  {
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noExportAll,
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'Write numbers with formatWhole and lib/format.ts, not toLocaleString.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Write numbers with formatWhole and lib/format.ts, not Intl.NumberFormat.',
        },
      ],
    },
  },

  // Globals per runtime.
  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  { files: ['sw/**'], languageOptions: { globals: globals.serviceworker } },
  { files: ['contract/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  { files: NODE_CODE, languageOptions: { globals: globals.node } },
  {
    files: ['tests/ui/**', 'tests/unit/client/**', 'tests/setup/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  // React client.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}', 'tests/unit/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, pluginQuery.configs['flat/recommended']],
    rules: {
      // onClick={async () => ...} is the normal React idiom; promises elsewhere stay checked.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    extends: [reactRefresh.configs.vite],
  },
  {
    files: ['src/**', 'sw/**'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },

  // Architecture (design.md section 2): server and client meet only in contract/, features are
  // islands, routes never touch SQL and a module reaches another module only through its service.
  {
    files: ['server/**', 'src/**', 'sw/**', 'contract/**'],
    plugins: { boundaries },
    settings: {
      // The TypeScript resolver reads package.json `imports` (#contract/*, #server/*, #src/*)
      // with the `types` condition, as tsc does.
      'import/resolver': {
        typescript: { alwaysTryTypes: false, conditionNames: ['types', 'import', 'default'] },
        node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
      },
      // The first pattern that matches a file decides its element, so the narrower come first.
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'client-app', pattern: 'src/app' },
        { type: 'client-first-load', pattern: 'src/first-load' },
        { type: 'client-api', pattern: 'src/api' },
        { type: 'client-components', pattern: 'src/components' },
        { type: 'client-lib', pattern: 'src/lib' },
        { type: 'client-config', pattern: 'src/config' },
        { type: 'client-i18n', pattern: 'src/i18n' },
        { type: 'client', pattern: 'src' },
        { type: 'sw', pattern: 'sw' },
        { type: 'server-module', pattern: 'server/modules/*', capture: ['module'] },
        { type: 'server-http', pattern: 'server/http' },
        { type: 'server-lib', pattern: 'server/lib' },
        { type: 'server-provider', pattern: 'server/{geo,sms,storage,payment}' },
        { type: 'server', pattern: 'server' },
        { type: 'contract', pattern: 'contract' },
      ],
      'boundaries/files': [
        { category: 'routes', pattern: '**/*.routes.ts' },
        { category: 'queries', pattern: '**/*.queries.ts' },
        // The server's bottom floor, below lib/: importable from everywhere.
        { category: 'errors', pattern: '**/server/errors.ts' },
        // The server's composition root: with the plugin layer, the only importers of server/http.
        { category: 'composition-root', pattern: '**/server/{app,main}.ts' },
        // Every file has a category, so a `noneOf` selector also matches files of no other one.
        { category: 'file', pattern: '**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Also check imports inside one element: a routes file and its own module's queries.
          checkInternals: true,
          policies: [
            {
              from: elementFrom(...CLIENT, 'sw'),
              disallow: elementTo(...SERVER),
              message: 'The client never imports the server; share types through contract/.',
            },
            {
              from: elementFrom(...SERVER),
              disallow: elementTo(...CLIENT, 'sw'),
              message: 'The server never imports the client; share types through contract/.',
            },
            {
              from: { element: { type: 'contract' } },
              disallow: elementTo(...CLIENT, 'sw', ...SERVER),
              message: 'contract/ imports only zod and other contract files.',
            },
            {
              // app/ lazy-loads every feature: an import from below back up into it is a cycle.
              from: elementFrom(
                'feature',
                'client-components',
                'client-api',
                'client-lib',
                'client-config',
                'client-i18n',
              ),
              disallow: elementTo('client-app', 'client-first-load'),
              message:
                'Only the app shell (src/app, src/first-load, src/main.tsx) imports src/app and src/first-load; route paths live in src/config/paths.ts.',
            },
            {
              from: elementFrom('client-api'),
              disallow: elementTo('feature', 'client-components'),
              message:
                'src/api holds the shared server data: it imports no feature or component (screens import it).',
            },
            {
              from: elementFrom('client-components', 'client-lib', 'client-config', 'client-i18n'),
              disallow: elementTo('feature'),
              message: 'Shared code never imports a feature; move what both need down instead.',
            },
            {
              from: elementFrom('server-lib'),
              disallow: {
                to: {
                  element: { types: { anyOf: SERVER } },
                  file: { categories: { noneOf: ['errors'] } },
                },
              },
              message:
                'server/lib is the floor under the database and the modules: it imports only server/errors.ts, contract/ and packages.',
            },
            {
              from: elementFrom('server-provider'),
              disallow: elementTo('server-module', 'server-http'),
              message:
                'Providers (geo, sms, storage, payment) sit under the modules: a module calls them, never the other way round.',
            },
            {
              // The plugin layer sits above the modules: only it and the composition root
              // (server/app.ts, server/main.ts) import it.
              from: {
                ...elementFrom('server', 'server-lib', 'server-provider', 'server-module'),
                file: { categories: { noneOf: ['composition-root'] } },
              },
              disallow: elementTo('server-http'),
              message:
                'Only server/app.ts, server/main.ts and server/http itself import server/http (the plugin layer); modules get what they need from server/lib or request decorations.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message:
                'Features never import each other ({{ from.element.captured.feature }} -> {{ to.element.captured.feature }}); move shared code to src/components or src/lib.',
            },
            {
              from: { file: { categories: 'routes' } },
              disallow: { to: { file: { categories: 'queries' } } },
              message:
                'Routes never touch the database: call the service, which calls the queries.',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { module: '!{{ from.element.captured.module }}' },
                  },
                  file: { categories: 'queries' },
                },
              },
              message:
                "A module calls another module's service, never its queries ({{ to.element.captured.module }}).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notFromClient] }] },
  },
  {
    files: ['src/**', 'sw/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notFromServer] }] },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.\\.?/|#contract/)',
              message: 'contract/ imports only zod and other contract files.',
            },
          ],
        },
      ],
    },
  },

  // The build plugins run in Node at build time: they read plain data of the app (the route
  // paths and the table of lazy screens), never a module that would pull React into the config.
  {
    files: ['build/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:#src/|(?:\\.\\./)+src/)(?!config/paths$|app/lazy-screens$)',
              message:
                'build/ reads only src/config/paths.ts and src/app/lazy-screens.ts of the app.',
            },
          ],
        },
      ],
    },
  },

  // The bottom floor of the server: errors and their codes import nothing of the app, so every
  // layer above (lib, db, modules, payment, http) can throw them.
  {
    files: ['server/errors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.|#)',
              message: 'server/errors.ts imports nothing of the app: it is the floor below all.',
            },
          ],
        },
      ],
    },
  },

  // Migrations take Kysely<any> on purpose: they describe the schema as it was when they
  // landed, not as the current types say it is.
  {
    files: ['server/db/migrations/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Tests assert on parsed JSON and spy on methods; the unsafe-any family would only add casts.
  {
    files: TEST_CODE,
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Every journey fails on a Content-Security-Policy violation the browser reports: that lives
  // in e2e/fixtures.ts's `test`, which a spec importing Playwright's own would bypass.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures' (it fails on CSP violations).",
            },
          ],
        },
      ],
    },
  },
);

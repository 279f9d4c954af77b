import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Every project fails a test that writes to console.error (tests/fail-on-console.ts); it comes
// last so a project's own setup runs first.
const failOnConsole = './tests/fail-on-console.ts';

// Inline projects do not inherit the root `test` options, so the shared ones are spread in.
const shared = {
  restoreMocks: true,
  unstubEnvs: true,
  unstubGlobals: true,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          environment: 'node',
          include: [
            'tests/unit/server/**/*.test.ts',
            'tests/unit/sw/**/*.test.ts',
            'tests/unit/search-judgments.test.ts',
          ],
          setupFiles: [failOnConsole],
        },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'ui',
          environment: 'jsdom',
          // Files share a worker's jsdom and modules instead of loading Mantine, React and jsdom
          // again for each of them (most of this project's time); tests/setup/ui.ts resets the
          // shared state after every test.
          isolate: false,
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/unit/client/**/*.test.{ts,tsx}'],
          setupFiles: ['./tests/setup/ui.ts', failOnConsole],
        },
      },
      {
        test: {
          ...shared,
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One process per test file: each builds its own app on its own fresh database, a copy
          // of the one migrated database the global setup prepares.
          pool: 'forks',
          globalSetup: ['./tests/helpers/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['./tests/helpers/api-setup.ts', failOnConsole],
        },
      },
    ],
  },
});

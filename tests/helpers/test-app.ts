import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from './test-db';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      APP_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      // No build in API tests unless a test points STATIC_DIR at one.
      STATIC_DIR: '/nonexistent-static-dir',
      ...env,
    },
    () => {
      throw new Error('tests always pass JWT_SECRET');
    },
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh migrated database. `beforeReady` lets a test add routes (for
 * example one that takes a body) before Fastify seals the instance.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(options.env), db: database, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { buildApp, type BuildAppOptions } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import type { Database } from '#server/db/database';
import type { SmsSender } from '#server/sms/sms';
import { createTestDatabase } from './test-db';

// One VAPID pair per test file, given like production gives it (no key file is written).
const TEST_VAPID = webpush.generateVAPIDKeys();

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      APP_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
      VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:test@monngon.example',
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
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh migrated database. `beforeReady` lets a test add routes (for
 * example one that takes a body) before Fastify seals the instance.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    sms?: SmsSender;
    beforeReady?: (app: FastifyInstance) => void;
    /** Live events' timings (heartbeat, listener reconnect), shortened by their tests. */
    events?: BuildAppOptions['events'];
    /** The push worker's timings and retries, shortened by its tests. */
    push?: BuildAppOptions['push'];
    /** Another app instance on this database instead of a fresh one (closed by its owner). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  // A data directory of this test file's own (what the server would write there), removed
  // again by close().
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mn-api-'));
  const cleanUp = async () => {
    if (!shared) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, ...options.env }),
      db: database,
      logger: false,
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.events ? { events: options.events } : {}),
      ...(options.push ? { push: options.push } : {}),
    });
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await cleanUp();
    },
  };
}

/** A configuration production accepts (a real SMS gateway and VNPay), for its own rules. */
export const PRODUCTION_ENV: Record<string, string> = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://monngon.example.vn',
  SEED_DEMO: 'false',
  SMS_PROVIDER: 'webhook',
  SMS_WEBHOOK_URL: 'https://sms.example.vn/send',
  VNPAY_URL: 'https://pay.example.vn/vpcpay.html',
  VNPAY_API_URL: 'https://pay.example.vn/api',
  VNPAY_TMN_CODE: 'MONNGON9',
  VNPAY_HASH_SECRET: 'a-real-gateway-hash-secret',
};

/**
 * Holds one of the database's connections in a transaction (on PGlite, its only one) until
 * the returned function is called; that ends the transaction and waits for it.
 */
export async function holdConnection(database: Database): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await gate;
  });
  await held;
  return async () => {
    release();
    await transaction;
  };
}

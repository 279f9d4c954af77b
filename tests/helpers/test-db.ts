import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createPostgresPool,
  databaseFromPGlite,
  databaseFromPool,
  openPGlite,
  type Database,
} from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

export type TestLane = 'pglite' | 'postgres';

/** Which engine this run tests: scripts/with-postgres.mjs sets TEST_DB=postgres. */
export function testLane(): TestLane {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function postgresAdminUrl(): string {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL_TEST');
  return url;
}

async function withAdmin(run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** An empty database of its own on the test PostgreSQL server, and a way to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mn_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a database of its
 * own on the test PostgreSQL server (dropped again by close()), so files never share state.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testLane() === 'pglite') {
    const database = databaseFromPGlite(await openPGlite());
    await migrateToLatest(database.db);
    return database;
  }
  const created = await createPostgresDatabase();
  const database = databaseFromPool(createPostgresPool(created.url, 10));
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

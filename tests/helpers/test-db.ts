import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createPostgresPool,
  databaseFromPGlite,
  databaseFromPool,
  openPGlite,
  type Database,
} from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';

/** The migrated database tests/helpers/api-global-setup.ts prepares once per run. */
export type DatabaseTemplate =
  { lane: 'pglite'; file: string } | { lane: 'postgres'; name: string };

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

/**
 * A database of its own on the test PostgreSQL server, and a way to drop it: empty, or a copy
 * of `template`.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `mn_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

export function openPostgresDatabase(url: string, poolSize: number): Database {
  return databaseFromPool(createPostgresPool(url, poolSize));
}

/** The run's migrated template, when the api project's global setup made one for this lane. */
function migratedTemplate(): DatabaseTemplate | undefined {
  const template = inject('databaseTemplate');
  return template?.lane === testLane() ? template : undefined;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a database of its
 * own on the test PostgreSQL server (dropped again by close()), so files never share state.
 * It is a copy of the run's migrated template; `fromEmpty` runs the migrations on an empty
 * database instead, for the tests of the migrations themselves.
 */
export async function createTestDatabase(options: { fromEmpty?: boolean } = {}): Promise<Database> {
  const template = options.fromEmpty ? undefined : migratedTemplate();
  if (testLane() === 'pglite') {
    if (template?.lane === 'pglite') {
      return databaseFromPGlite(
        await openPGlite(undefined, new Blob([readFileSync(template.file)])),
      );
    }
    const database = databaseFromPGlite(await openPGlite());
    await migrateToLatest(database.db);
    return database;
  }
  const created = await createPostgresDatabase(
    template?.lane === 'postgres' ? template.name : undefined,
  );
  const database = openPostgresDatabase(created.url, 10);
  if (!template) await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { databaseFromPGlite, openPGlite } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import {
  createPostgresDatabase,
  openPostgresDatabase,
  testLane,
  type DatabaseTemplate,
} from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Migrates one database before any API file runs, for every file to start from a copy of it.
 * Starting PGlite on an empty data directory runs initdb in WebAssembly, several seconds per
 * file on a busy machine; restoring a dumped data directory takes under one. On PostgreSQL each
 * file's database is created from a migrated template instead of running the migrations again.
 * The migrations themselves still run from empty in tests/api/database.test.ts (and in the
 * server and admin CLI processes), on both lanes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testLane() === 'pglite') {
    const pglite = await openPGlite();
    const database = databaseFromPGlite(pglite);
    await migrateToLatest(database.db);
    // Uncompressed: every file reads it back, and gunzip would cost more than the disk does.
    const dump = await pglite.dumpDataDir('none');
    await database.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'mn-pglite-template-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('databaseTemplate', { lane: 'pglite', file });
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const template = await createPostgresDatabase();
  const database = openPostgresDatabase(template.url, 2);
  try {
    await migrateToLatest(database.db);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template that anyone is still connected to.
    await database.close();
  }
  project.provide('databaseTemplate', { lane: 'postgres', name: template.name });
  return () => template.drop();
}

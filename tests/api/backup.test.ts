import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFromPGlite, openPGlite } from '#server/db/database';
import { insertCatalogue } from '../helpers/catalogue';
import {
  processDatabase,
  processToken,
  spawnServer,
  startServer,
  type ServerProcess,
} from '../helpers/server-process';
import { testLane } from '../helpers/test-db';

// `npm run db:backup` and `npm run db:restore` as an operator runs them: a copy taken from the
// running server, restored into an empty DATA_DIR, served again by a new server.

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(command: 'backup' | 'restore', args: string[], dataDir: string): Promise<Ran> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli/backup.ts', command, ...args],
    { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

let work: string;
let first: string;
let second: string;
let pho: number;
let token: string;

function addToCart(server: ServerProcess, quantity: number): Promise<Response> {
  return fetch(`${server.url}/api/customer/cart/add/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ food_id: pho, quantity }),
  });
}

async function cartCount(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/customer/cart/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { item_count: number } }).data.item_count;
}

// The embedded database's backup: PostgreSQL has pg_dump (README).
describe.skipIf(testLane() === 'postgres')('embedded database backups', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'mn-backup-'));
    first = path.join(work, 'first');
    second = path.join(work, 'second');
    const database = await processDatabase(first);
    const { db, close } = await database.open();
    const [restaurant] = await insertCatalogue(db, [
      {
        name: 'Bún Chả Hương Liên',
        lat: 21.018,
        lon: 105.853,
        dishes: [{ name: 'Bún chả', price: 60000 }],
      },
    ]);
    pho = restaurant!.dishes['Bún chả']!;
    const customer = await db
      .insertInto('users')
      .values({ role: 'customer', phone: '0971112233' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await close();
    token = await processToken({ id: customer.id, role: 'customer' });
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('copies the database while the server runs and restores it into an empty DATA_DIR', async () => {
    const file = path.join(work, 'mon-ngon.backup');
    let server = await startServer(first);
    try {
      expect((await addToCart(server, 3)).status).toBe(200);

      // A second server on the same directory is refused: it would corrupt the database.
      const twin = await spawnServer({ APP_ENV: 'test', DATA_DIR: first, PORT: '0' }).exited;
      expect(twin.code).toBe(1);
      expect(twin.stderr).toBe(`Another server is running on DATA_DIR (${first}).\n`);

      const backup = await runCli('backup', [file], first);
      expect(backup).toMatchObject({ code: 0, stderr: '' });
      expect(backup.stdout).toBe(
        `Backed up ${path.join(first, 'pglite')} (from the running server) to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB).\n`,
      );
      // The server kept serving through the copy, and the copy is one file.
      expect(await cartCount(server)).toBe(3);
      expect(readdirSync(work).sort()).toEqual(['first', 'mon-ngon.backup']);
    } finally {
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }

    const restored = await runCli('restore', [file], second);
    expect(restored).toEqual({
      code: 0,
      stdout: `Restored ${file} into ${path.join(second, 'pglite')}.\n`,
      stderr: '',
    });
    server = await startServer(second);
    try {
      expect(await cartCount(server)).toBe(3);
      // The restored database lives on: this one now differs from the first.
      expect((await addToCart(server, 1)).status).toBe(200);
      // Not while a server holds the directory, even with --force.
      const busy = await runCli('restore', [file, '--force'], second);
      expect(busy).toMatchObject({
        code: 1,
        stderr: `A server is running on ${second}: stop it before restoring.\n`,
      });
    } finally {
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
  }, 300_000);

  it('refuses to overwrite a database without --force, and replaces it with it', async () => {
    const file = path.join(work, 'second.backup');
    // No server runs now: the command opens the directory itself.
    const backup = await runCli('backup', [file], second);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('(no server running)');

    const refused = await runCli('restore', [file], first);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path.join(first, 'pglite')} already holds a database: add --force to replace it.\n`,
    });
    const notABackup = await runCli(
      'restore',
      [path.join(work, 'missing.backup'), '--force'],
      first,
    );
    expect(notABackup.code).toBe(1);
    expect(existsSync(path.join(first, 'pglite', 'PG_VERSION'))).toBe(true);

    const forced = await runCli('restore', [file, '--force'], first);
    expect(forced.code).toBe(0);
    // The first directory now holds the second's database, with its fourth bowl.
    const restored = databaseFromPGlite(await openPGlite(path.join(first, 'pglite')));
    try {
      const lines = await restored.db.selectFrom('cart_items').select('quantity').execute();
      expect(lines).toEqual([{ quantity: 4 }]);
    } finally {
      await restored.close();
    }
  }, 300_000);
});

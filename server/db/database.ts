import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** A LISTEN held open until `close()`. */
export interface NotificationListener {
  close(): Promise<void>;
}

/**
 * Starts listening on `channel`. `onNotify` gets each notification's payload; `onLost` is
 * called once if the connection drops (a database restart, an admin's terminate), after which
 * the listener is dead and the caller opens a new one.
 */
export type ListenFn = (
  channel: string,
  handlers: { onNotify: (payload: string) => void; onLost: (error: Error) => void },
) => Promise<NotificationListener>;

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * LISTEN on a connection of its own: a dedicated client outside the pool on PostgreSQL (a
   * pooled one would be handed to queries and lose the LISTEN), the one backend on PGlite.
   */
  listen: ListenFn;
  /**
   * The embedded database only: a consistent copy of its data directory (a gzipped tarball that
   * openPGlite() loads), taken between transactions (docs/decisions/029).
   */
  dump?: () => Promise<Uint8Array>;
  /** Closes the pool or the embedded database; safe to call twice. */
  close(): Promise<void>;
}

// The same JavaScript types from both engines, so no code has to know which one it runs on:
// bigint and numeric become numbers (money is integer đồng, far below 2^53), and a SQL date
// stays the 'YYYY-MM-DD' string it is instead of a Date at local midnight.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const identity = (value: string) => value;

/** `contents`, a tarball from `dumpDataDir()`, starts it from that copy instead of initdb. */
export async function openPGlite(dataDir?: string, contents?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(contents ? { loadDataDir: contents } : {}),
    extensions: { unaccent, pg_trgm, cube, earthdistance },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: identity },
  });
}

export function createPostgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return toNumber;
        if (oid === DATE) return identity;
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that the server drops (restart, failover, an admin's terminate) is an
  // 'error' event on the pool; unhandled, it would crash the process. The pool discards that
  // connection and opens a fresh one for the next query, so a warning is all it needs.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL dropped an idle connection: ${error.message}`);
  });
  return pool;
}

export function databaseFromPGlite(pglite: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // LISTEN goes through the dialect's connection, so it never lands inside somebody's open
  // transaction (where a rollback would undo it). The one backend never drops: onLost unused.
  const listen: ListenFn = async (channel, { onNotify }) => {
    const unlisten = await db
      .connection()
      .execute(() => pglite.listen(channel, (payload) => onNotify(payload)));
    return {
      close: () => (pglite.closed ? Promise.resolve() : db.connection().execute(() => unlisten())),
    };
  };
  // Through the dialect's one connection, like LISTEN: the copy waits for the transaction in
  // progress and none starts until it is taken. The checkpoint first writes every committed
  // page to the files, so the copy opens without replaying the log.
  const dump = () =>
    db.connection().execute(async () => {
      await pglite.exec('checkpoint');
      const blob = await pglite.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    });
  return { db, kind: 'pglite', listen, dump, close: once(() => db.destroy()) };
}

export function databaseFromPool(pool: pg.Pool): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    listen: listenOnClient(pool.options),
    close: once(() => db.destroy()),
  };
}

function listenOnClient(options: pg.ClientConfig): ListenFn {
  return async (channel, { onNotify, onLost }) => {
    const client = new pg.Client(options);
    let ended = false;
    const lose = (error: Error) => {
      if (ended) return;
      ended = true;
      client.end().catch(() => {});
      onLost(error);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', lose);
    client.on('end', () => lose(new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      ended = true;
      await client.end().catch(() => {});
      throw error;
    }
    return {
      close: async () => {
        if (ended) return;
        ended = true;
        await client.end();
      },
    };
  };
}

/**
 * PostgreSQL when DATABASE_URL is set (many stateless app instances can share it), otherwise
 * the embedded PGlite stored under DATA_DIR/pglite (docs/decisions/001).
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    return databaseFromPool(createPostgresPool(options.databaseUrl, options.poolSize));
  }
  return databaseFromPGlite(await openPGlite(path.join(options.dataDir, 'pglite')));
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseStats } from '../lib/metrics';
import { PGliteDialect, pgliteQueue, type PGliteDialectOptions } from './pglite-dialect';
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

/**
 * Runs `task` unless another process is running the job `lockId` right now; true when it ran.
 * On PostgreSQL a transaction-level advisory lock (pg_try_advisory_xact_lock) is held on a
 * connection of its own for the whole run, so the task keeps the pool; the lock goes with the
 * transaction, even when the process dies. PGlite is one process's embedded database, so
 * there is no other instance to wait for: the task just runs.
 */
export type ExclusivelyFn = (lockId: number, task: () => Promise<void>) => Promise<boolean>;

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  exclusively: ExclusivelyFn;
  /**
   * LISTEN on a connection of its own: a dedicated client outside the pool on PostgreSQL (a
   * pooled one would be handed to queries and lose the LISTEN), the one backend on PGlite.
   */
  listen: ListenFn;
  /** Connections open, idle and waited for right now (GET /metrics). */
  stats(): DatabaseStats;
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

/**
 * How long a request waits for a pooled connection (a new one to a server that does not
 * answer, or a free one when all are busy) before it gets DATABASE_UNAVAILABLE: a request
 * during an outage fails fast with a retryable 503 instead of hanging.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

// The SQLSTATEs and socket errors of a lost or refused connection (the server restarting,
// failing over, refusing connections while it starts or stops), as opposed to a query's own
// error: the same request can succeed a moment later, so it is answered 503, never 500.
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a closed socket, a client broken by an earlier connection error and a
// pool wait past connectionTimeoutMillis with plain messages and no code.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Whether `error` (or what caused it) says the database cannot be reached right now. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (CONNECTION_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    e = cause;
  }
  return false;
}

export function createPostgresPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // A server that vanished without closing the socket (a machine gone, a network split) is
    // noticed by TCP keepalive instead of never.
    keepAlive: true,
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
  // A connection that is checked out (a transaction between two of its statements) has no
  // pool listener: the server's 57P01 on a restart arrives as an 'error' event on the client,
  // which unhandled would end the process. The statement in flight, or the next one, fails
  // with the error and the request answers 503; the pool discards the broken client on
  // release (it is no longer queryable), so nothing else is needed here.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

export function databaseFromPGlite(pglite: PGlite, options: PGliteDialectOptions = {}): Database {
  const dialect = new PGliteDialect(pglite, options);
  const db = new Kysely<DB>({ dialect });
  // LISTEN goes through the dialect's connection, so it never lands inside somebody's open
  // transaction (where a rollback would undo it). The one backend never drops: onLost unused.
  // Kysely makes the driver in its constructor, so it is there from the start.
  const exclusive = <T>(work: () => Promise<T>) => dialect.driver!.exclusive(work);
  const listen: ListenFn = async (channel, { onNotify }) => {
    const unlisten = await exclusive(() => pglite.listen(channel, (payload) => onNotify(payload)));
    return {
      close: () => (pglite.closed ? Promise.resolve() : exclusive(() => unlisten())),
    };
  };
  const exclusively: ExclusivelyFn = async (_lockId, task) => {
    await task();
    return true;
  };
  // One backend: a query or transaction holds it, the rest queue on the dialect's turn lock.
  const stats = (): DatabaseStats => {
    const { busy, waiting } = pgliteQueue(dialect);
    return { total: 1, idle: busy ? 0 : 1, waiting };
  };
  // Through the dialect's one connection, like LISTEN: the copy waits for the transaction in
  // progress and none starts until it is taken. The checkpoint first writes every committed
  // page to the files, so the copy opens without replaying the log.
  const dump = () =>
    exclusive(async () => {
      await pglite.exec('checkpoint');
      const blob = await pglite.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    });
  return {
    db,
    kind: 'pglite',
    listen,
    exclusively,
    stats,
    dump,
    close: once(() => db.destroy()),
  };
}

export function databaseFromPool(pool: pg.Pool): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    listen: listenOnClient(pool.options),
    exclusively: exclusivelyOnClient(pool.options),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
 * The lock's connection is not taken from the pool: a pool of one would otherwise wait for
 * itself, and a long run would hold a connection requests need. One short-lived client per
 * run; jobs run every minute or hour, so the connect costs nothing that matters.
 */
function exclusivelyOnClient(options: pg.ClientConfig): ExclusivelyFn {
  return async (lockId, task) => {
    const client = new pg.Client(options);
    // A dropped connection (a restarting server) must fail this run, not the process: an
    // 'error' event nobody listens to would be thrown as uncaught.
    const connection: { lost?: Error } = {};
    client.on('error', (error) => (connection.lost = error));
    await client.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock($1) as locked',
        [lockId],
      );
      if (!rows[0]?.locked) {
        await client.query('rollback');
        return false;
      }
      await task();
      if (connection.lost) throw connection.lost;
      await client.query('commit');
      return true;
    } finally {
      await client.end().catch(() => {});
    }
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

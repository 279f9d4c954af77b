import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { currentTurn, type Turn } from './turns';

/**
 * A Kysely dialect over one PGlite instance. PGlite is a single Postgres backend, so there is
 * exactly one connection; a lock hands it to one Kysely "connection" at a time, which keeps a
 * transaction's statements from interleaving with anybody else's, in the turn order of the
 * requests the queries serve (turns.ts). The published dialects either
 * stop at PGlite 0.4 or drag in a CLI toolchain, hence this small one (docs/decisions/001).
 */
export class PGliteDialect implements Dialect {
  /** The driver Kysely made, once it has (its queue is what the metrics report). */
  driver: PGliteDriver | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly options: PGliteDialectOptions = {},
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pglite, this.options);
    return this.driver;
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/**
 * A lock whose waiters are served by ticket, lowest first, not by when they asked: the queries
 * of a request that arrived earlier go before those of requests that arrived later, even when
 * they are its second or fifth query (turns.ts). Equal tickets (one request's parallel
 * queries) keep the order they asked in.
 */
class TurnLock {
  private held = false;
  /** Waiters sorted by ticket, then by arrival. */
  private readonly waiters: { ticket: number; grant: () => void }[] = [];

  /** Resolves once the lock is this caller's; `release()` hands it to the next in turn. */
  lock(ticket: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((grant) => {
      // Binary search for the first waiter with a later ticket: insertion after equals.
      let low = 0;
      let high = this.waiters.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.waiters[mid]!.ticket <= ticket) low = mid + 1;
        else high = mid;
      }
      this.waiters.splice(low, 0, { ticket, grant });
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.held = false;
  }

  get busy(): boolean {
    return this.held;
  }

  /** Callers waiting for the lock, not counting its holder. */
  get waiting(): number {
    return this.waiters.length;
  }
}

/** The one connection's state: in use or not, and how many queue for it. */
export interface PGliteQueue {
  busy: boolean;
  waiting: number;
}

/** The queue of a PGliteDialect's driver, for the metrics; idle before the first query. */
export function pgliteQueue(dialect: PGliteDialect): PGliteQueue {
  return dialect.driver?.queue ?? { busy: false, waiting: 0 };
}

/** Results kept by the read cache; least recently used first out. */
export const READ_CACHE_ENTRIES = 1000;

// SQL whose answer can change with no write: the clock, randomness, sequences, settings,
// locks and notifications. A SELECT naming any of these is never answered from the cache.
const VOLATILE =
  /\b(now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|age|nextval|setval|currval|lastval|gen_random_uuid|pg_notify|pg_sleep|set_config|current_setting|txid_current|pg_current_xact_id|pg_try_advisory\w*|pg_advisory\w*)\s*\(|\b(current_date|current_time|current_timestamp|localtime|localtimestamp|current_user|session_user)\b|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

// Statements that open, close or mark a transaction: they change no data by themselves (the
// writes between them empty the cache as they run, whether the transaction commits or not).
const TRANSACTION_CONTROL =
  /^\s*(begin|start\s+transaction|commit|rollback|savepoint|release\s+savepoint)\b/i;

/**
 * The answers of recent plain SELECTs, by their SQL and parameters, valid until the next
 * statement that may write. PGlite is this process's own database: every statement reaches it
 * through this dialect, so "nothing has run but reads since" is known exactly and a cached
 * answer is the very one the database would give. Any other statement (a write, DDL, a
 * transaction) empties the cache before it runs; time-dependent SQL is never cached.
 */
class ReadCache {
  private readonly entries = new Map<string, unknown[]>();

  constructor(private readonly capacity: number) {}

  /** A query that changes no table: a SELECT, or a WITH none of whose parts writes. */
  static readsOnly(sql: string): boolean {
    if (/^\s*select\b/i.test(sql)) return true;
    return /^\s*with\b/i.test(sql) && !/\b(insert|update|delete|merge)\b/i.test(sql);
  }

  /** A read whose answer changes only when a table does. */
  static cacheable(sql: string): boolean {
    return ReadCache.readsOnly(sql) && !VOLATILE.test(sql);
  }

  static key(query: CompiledQuery): string | undefined {
    try {
      return `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    } catch {
      // A parameter JSON cannot hold (a bigint, a cycle): not worth a key.
      return undefined;
    }
  }

  /** A copy of the cached rows (callers may change theirs), or undefined. */
  get(key: string): unknown[] | undefined {
    const rows = this.entries.get(key);
    if (!rows) return undefined;
    this.entries.delete(key);
    this.entries.set(key, rows);
    return structuredClone(rows);
  }

  set(key: string, rows: unknown[]): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, structuredClone(rows));
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface PGliteDialectOptions {
  /** Entries of the read cache; 0 turns it off. */
  readCacheEntries?: number;
}

class PGliteDriver implements Driver {
  private readonly lock = new TurnLock();
  readonly cache: ReadCache;

  constructor(
    private readonly pglite: PGlite,
    options: PGliteDialectOptions,
  ) {
    this.cache = new ReadCache(options.readCacheEntries ?? READ_CACHE_ENTRIES);
  }

  get queue(): PGliteQueue {
    return { busy: this.lock.busy, waiting: this.lock.waiting };
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  /**
   * Runs `work` on the backend directly while holding it, in the caller's turn: a LISTEN or a
   * copy of the data directory then never lands inside somebody's open transaction.
   */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await this.pglite.waitReady;
    const connection = new PGliteConnection(this.pglite, this.lock, this.cache, currentTurn());
    await connection.hold();
    try {
      return await work();
    } finally {
      connection.release();
    }
  }

  /**
   * A handle on the one backend. In a read request it takes the backend only at its first
   * statement the cache cannot answer, so a cached read never waits in the queue; a
   * transaction takes it at `begin` and keeps it to the end.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    const turn = currentTurn();
    const connection = new PGliteConnection(this.pglite, this.lock, this.cache, turn);
    // Only a read request's statements may be answered by the cache; everything else queues
    // at once, as it always has (the metrics count it waiting from the moment it asks).
    if (!turn.readsFromCache) await connection.hold();
    return connection;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    // PGlite has no concurrent sessions, so every isolation level behaves as serializable;
    // the level is still sent so the same code reads the same on PostgreSQL.
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const mode = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${level}${mode}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** One Kysely "connection": a turn on the one backend, taken at its first uncached statement. */
class PGliteConnection implements DatabaseConnection {
  private holding = false;
  private inTransaction = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly lock: TurnLock,
    private readonly cache: ReadCache,
    private readonly turn: Turn,
  ) {}

  /** The backend, for work that must not interleave with a transaction (LISTEN, a dump). */
  async hold(): Promise<void> {
    if (this.holding) return;
    await this.lock.lock(this.turn.ticket);
    this.holding = true;
  }

  release(): void {
    if (!this.holding) return;
    this.holding = false;
    this.lock.release();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const cacheable =
      this.turn.readsFromCache && !this.inTransaction && ReadCache.cacheable(compiledQuery.sql);
    const key = cacheable ? ReadCache.key(compiledQuery) : undefined;
    if (key !== undefined) {
      const rows = this.cache.get(key);
      if (rows) return { rows: rows as R[] };
    }
    await this.hold();
    if (key !== undefined) {
      // The same read may have been answered while this one queued (fifty phones asking the
      // same page at once): it is then served without running again.
      const rows = this.cache.get(key);
      if (rows) return { rows: rows as R[] };
    }
    // Anything but a read or a transaction's own bracket may change what a cached read would
    // answer; the backend is held, so no entry can be taken or stored while it runs.
    if (!ReadCache.readsOnly(compiledQuery.sql) && !TRANSACTION_CONTROL.test(compiledQuery.sql))
      this.cache.clear();
    const statement = compiledQuery.sql.trimStart().slice(0, 9).toLowerCase();
    if (statement.startsWith('begin') || statement.startsWith('start')) this.inTransaction = true;
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    if (statement.startsWith('commit') || /^rollback\s*$/i.test(compiledQuery.sql.trim()))
      this.inTransaction = false;
    const command = result.command?.toUpperCase();
    if (command && COUNTED_COMMANDS.has(command)) {
      return {
        rows: result.rows,
        numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0),
      };
    }
    if (key !== undefined) this.cache.set(key, result.rows);
    return { rows: result.rows };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

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

/**
 * A Kysely dialect over one PGlite instance. PGlite is a single Postgres backend, so there is
 * exactly one connection; a mutex hands it to one Kysely "connection" at a time, which keeps a
 * transaction's statements from interleaving with anybody else's. The published dialects either
 * stop at PGlite 0.4 or drag in a CLI toolchain, hence this small one (docs/decisions/001).
 */
export class PGliteDialect implements Dialect {
  /** The driver Kysely made, once it has (its queue is what the metrics report). */
  driver: PGliteDriver | undefined;

  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pglite);
    return this.driver;
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.pending += 1;
    const acquired = this.tail.then(() => {
      this.pending -= 1;
      return release;
    });
    this.tail = this.tail.then(() => held);
    return acquired;
  }

  /** Callers waiting for the lock, not counting its holder. */
  get waiting(): number {
    return this.pending;
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

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  /** The mutex admits one holder at a time, so one pending release is all there can be. */
  private release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  get queue(): PGliteQueue {
    return { busy: this.release !== undefined, waiting: this.mutex.waiting };
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.lock();
    return this.connection;
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

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command?.toUpperCase();
    if (command && COUNTED_COMMANDS.has(command)) {
      return {
        rows: result.rows,
        numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0),
      };
    }
    return { rows: result.rows };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

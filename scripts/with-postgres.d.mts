// Types of what scripts/with-postgres.mjs exports, for the TypeScript that imports it (tests and
// scripts/cluster.ts).

export interface PostgresCluster {
  /** The temp dir holding the data directory, the socket and the log. */
  tmp: string;
  logFile: string;
  port: number;
  /** The superuser's URL of the `postgres` database. */
  readonly url: string;
  restart(): Promise<void>;
  /** Stops the server and removes its temp dir; synchronous, safe from a signal handler. */
  stop(): void;
}

export function findPostgresBin(): string | null;
export function freePort(): Promise<number>;
export function skipOrFail(reason: string): never;
export function startPostgres(
  binDir: string,
  onCreated?: (cluster: PostgresCluster) => void,
): Promise<PostgresCluster>;
export function checkExtensions(
  url: string,
): Promise<{ version: string; sample: { plain: string; metres: number } }>;

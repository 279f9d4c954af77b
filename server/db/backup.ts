import { chmodSync, existsSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Backups of the embedded database (docs/decisions/029). PGlite lives inside one process: a
 * running server holds DATA_DIR/pglite and no second process may open it. So the copy is taken
 * by the process that holds it: the server listens on a Unix socket in DATA_DIR (readable only
 * by the account that owns the data, like the files themselves), and `npm run db:backup` asks
 * it for a dump. With no server running, the command opens the directory itself.
 */

const SOCKET_NAME = 'backup.sock';
const REQUEST = 'backup\n';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

/** The embedded database's directory under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** True when a server answers on DATA_DIR's socket: it holds the database right now. */
export function serverAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(backupSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The server's side: answers each connection that asks for a backup with `dump()`'s bytes.
 * Refuses to start when another server already answers on this DATA_DIR (two processes on one
 * PGlite directory would corrupt it); a socket file left by a killed server is replaced.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  if (existsSync(socketPath)) {
    if (await serverAnswers(dataDir)) {
      throw new Error(`another server is already running on ${dataDir}`);
    }
    rmSync(socketPath, { force: true });
  }
  const server = net.createServer((socket) => {
    let asked = '';
    socket.on('error', onError);
    socket.on('data', (chunk: Buffer) => {
      asked += chunk.toString('latin1');
      if (asked.length < REQUEST.length) return;
      if (asked !== REQUEST) {
        socket.end('ERR unknown request\n');
        return;
      }
      dump().then(
        (bytes) => {
          socket.write(`OK ${bytes.byteLength}\n`);
          socket.end(bytes);
        },
        (error: unknown) => {
          onError(error);
          socket.end(`ERR ${error instanceof Error ? error.message : String(error)}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * The command's side: the running server's dump of its database, or null when no server
 * answers on DATA_DIR (the command may then open the directory itself).
 */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.write(REQUEST);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const header = all.subarray(0, Math.max(newline, 0)).toString();
      const ok = /^OK (\d+)$/.exec(header);
      if (!ok) {
        reject(
          new Error(header.startsWith('ERR ') ? header.slice(4) : 'no answer from the server'),
        );
        return;
      }
      const body = all.subarray(newline + 1);
      if (body.byteLength !== Number(ok[1])) {
        reject(new Error('the server closed the connection before the backup was complete'));
        return;
      }
      resolve(body);
    });
  });
}

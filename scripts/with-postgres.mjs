#!/usr/bin/env node
// Runs a command against a real PostgreSQL: `node scripts/with-postgres.mjs <command> [args...]`.
//
// The command gets DATABASE_URL_TEST and TEST_DB=postgres. When DATABASE_URL_TEST is already
// set, that server is used as is. Otherwise a throwaway cluster is created with initdb in a temp
// dir, started with pg_ctl on a free port on 127.0.0.1, and always stopped and removed at the end
// (also on Ctrl-C / SIGTERM). Without PostgreSQL binaries the lane is skipped loudly (exit 0),
// unless CI=1 or REQUIRE_PG=1, where a skipped lane is a failure (design.md section 8).
// PG_BINDIR=<dir> chooses the PostgreSQL binaries when several versions are installed.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REQUIRED_EXTENSIONS = ['unaccent', 'pg_trgm', 'cube', 'earthdistance'];
const log = (message) => console.log(`[with-postgres] ${message}`);

export function findPostgresBin() {
  // PG_BINDIR picks one installation explicitly (and, pointed at nothing, exercises the skip).
  if (process.env.PG_BINDIR) {
    return existsSync(path.join(process.env.PG_BINDIR, 'initdb')) ? process.env.PG_BINDIR : null;
  }
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  // Debian keeps the server binaries off PATH, one directory per major version: take the newest.
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The account the cluster runs as: PostgreSQL refuses to run as root. */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const entry = passwd.find((line) => line.startsWith(`${name}:`));
    if (entry) {
      const [, , uid, gid] = entry.split(':');
      return { name, uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root, but neither a "postgres" nor a "nobody" user exists');
}

export function skipOrFail(reason) {
  const required =
    process.env.CI === '1' || process.env.CI === 'true' || process.env.REQUIRE_PG === '1';
  const bar = '!'.repeat(78);
  console.error(
    [
      '',
      bar,
      required
        ? '!!  POSTGRESQL LANE FAILED: it is required here (CI=1 or REQUIRE_PG=1).'
        : '!!  POSTGRESQL LANE SKIPPED: the API suite did NOT run against PostgreSQL.',
      `!!  Reason: ${reason}`,
      '!!  Fix: install PostgreSQL (Debian: apt-get install -y postgresql postgresql-contrib)',
      '!!       or set DATABASE_URL_TEST=postgres://user@host:port/db to use an existing server.',
      bar,
      '',
    ].join('\n'),
  );
  process.exit(required ? 1 : 0);
}

/**
 * A started throwaway cluster; stop() is synchronous so it can run from a signal handler.
 * Exported for the tests and `npm run cluster`, which need a server of their own to restart.
 */
export async function startPostgres(binDir, onCreated = () => {}) {
  const user = serverUser();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mon-ngon-pg-'));
  const dataDir = path.join(tmp, 'data');
  const socketDir = path.join(tmp, 'sock');
  const logFile = path.join(tmp, 'postgres.log');
  mkdirSync(socketDir);
  if (user) {
    chownSync(tmp, user.uid, user.gid);
    chownSync(socketDir, user.uid, user.gid);
  }

  const run = (bin, args) => {
    const full = path.join(binDir, bin);
    const [cmd, cmdArgs] = user
      ? ['runuser', ['-u', user.name, '--', full, ...args]]
      : [full, args];
    return spawnSync(cmd, cmdArgs, { cwd: tmp, encoding: 'utf8' });
  };

  // Not spawnSync: the caller keeps serving (or loading the server) while PostgreSQL restarts.
  const runAsync = (bin, args) =>
    new Promise((resolve) => {
      const full = path.join(binDir, bin);
      const [cmd, cmdArgs] = user
        ? ['runuser', ['-u', user.name, '--', full, ...args]]
        : [full, args];
      const child = spawn(cmd, cmdArgs, { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', (error) => resolve({ status: 1, stdout, stderr: String(error) }));
      child.on('exit', (status) => resolve({ status, stdout, stderr }));
    });

  let stopped = false;
  const cluster = {
    tmp,
    logFile,
    port: 0,
    get url() {
      return `postgres://postgres@127.0.0.1:${cluster.port}/postgres`;
    },
    /**
     * `pg_ctl restart -m fast`, resolved once the server accepts connections again: every
     * connection is terminated (57P01) and new ones are refused meanwhile.
     */
    restart() {
      return runAsync('pg_ctl', [
        'restart',
        '-D',
        dataDir,
        '-m',
        'fast',
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${cluster.port}`,
      ]).then((result) => {
        if (result.status !== 0) {
          throw new Error(`pg_ctl restart failed:\n${result.stdout}${result.stderr}`);
        }
      });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
        run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30']);
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
  onCreated(cluster);

  try {
    const base = ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'];
    let init = run('initdb', [...base, '--locale=C.UTF-8']);
    if (init.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      init = run('initdb', [...base, '--locale=C']);
    }
    if (init.status !== 0) {
      throw new Error(
        `initdb failed:\n${init.stdout ?? ''}${init.stderr ?? ''}${init.error ?? ''}`,
      );
    }

    // Durability is pointless for a cluster that lives for one test run; speed is not.
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socketDir}'`,
      'fsync = off',
      'full_page_writes = off',
      'synchronous_commit = off',
      'max_connections = 200',
    ];
    appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);

    // The port is free when chosen but may be taken before the server binds it: retry.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const start = run('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port}`,
      ]);
      if (start.status === 0) {
        cluster.port = port;
        break;
      }
      if (attempt >= 3) {
        const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
        throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}\n${serverLog}`);
      }
    }
    return cluster;
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

/** Proves the contrib extensions the schema needs can be created, in a scratch database. */
export async function checkExtensions(url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS with_postgres_check');
    await admin.query('CREATE DATABASE with_postgres_check');
    const scratchUrl = new URL(url);
    scratchUrl.pathname = '/with_postgres_check';
    const scratch = new pg.Client({ connectionString: scratchUrl.href });
    await scratch.connect();
    try {
      for (const ext of REQUIRED_EXTENSIONS) {
        await scratch.query(`CREATE EXTENSION IF NOT EXISTS ${ext}`);
      }
      const { rows } = await scratch.query(
        "SELECT unaccent('Phở bò') AS plain, round(earth_distance(ll_to_earth(21.03, 105.85), ll_to_earth(10.78, 106.7))) AS metres",
      );
      const version = (await scratch.query('SHOW server_version')).rows[0].server_version;
      return { version, sample: rows[0] };
    } finally {
      await scratch.end();
    }
  } finally {
    await admin.query('DROP DATABASE IF EXISTS with_postgres_check').catch(() => {});
    await admin.end();
  }
}

function runCommand(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`[with-postgres] cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 1));
    });
  });
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
    process.exit(2);
  }
  const env = { ...process.env, TEST_DB: 'postgres' };

  if (process.env.DATABASE_URL_TEST) {
    log('using the PostgreSQL server in DATABASE_URL_TEST');
    process.exit(await runCommand(command, args, env));
  }

  const binDir = findPostgresBin();
  if (!binDir) skipOrFail('initdb/pg_ctl not found on PATH or under /usr/lib/postgresql/*/bin');

  let cluster = null;
  // Until the command runs, a signal means: tear down what exists and leave.
  const early = (signal) => {
    cluster?.stop();
    process.exit(128 + os.constants.signals[signal]);
  };
  process.on('SIGINT', early);
  process.on('SIGTERM', early);

  const started = Date.now();
  let code;
  try {
    try {
      await startPostgres(binDir, (created) => (cluster = created));
    } catch (error) {
      skipOrFail(`could not start a throwaway cluster with ${binDir}: ${error.message}`);
    }
    const url = cluster.url;
    let check;
    try {
      check = await checkExtensions(url);
    } catch (error) {
      throw new Error(
        `the cluster cannot create ${REQUIRED_EXTENSIONS.join(', ')} (install postgresql-contrib): ${error.message}`,
      );
    }
    log(
      `PostgreSQL ${check.version} on ${url} (${cluster.tmp}), ready in ${Date.now() - started} ms; ` +
        `extensions ok (unaccent('Phở bò') = '${check.sample.plain}', Hà Nội-TP.HCM ${Math.round(check.sample.metres / 1000)} km)`,
    );
    process.off('SIGINT', early);
    process.off('SIGTERM', early);
    code = await runCommand(command, args, { ...env, DATABASE_URL_TEST: url });
  } catch (error) {
    console.error(`[with-postgres] ${error.message}`);
    code = 1;
  } finally {
    cluster?.stop();
    if (cluster) log('cluster stopped and removed');
  }
  process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

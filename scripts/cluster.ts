// `npm run cluster`: the app as it scales out, on one machine. A throwaway PostgreSQL (initdb
// and pg_ctl, as the PostgreSQL test lane starts it), two app instances (server/main.ts on two
// ports, one JWT secret and one VAPID key pair, the built dist/) and nginx in front of them on
// 127.0.0.1:$CLUSTER_PORT (default 8088): round-robin, the X-Forwarded-* headers the instances
// trust (TRUST_PROXY=true), Server-Sent Events unbuffered. Everything lives in temp dirs that
// Ctrl-C or SIGTERM removes again; no system configuration is touched.
//
// Importable: the crash test and the cluster e2e journey start the same cluster through
// startCluster() and stop it with its stop().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import {
  checkExtensions,
  findPostgresBin,
  freePort,
  startPostgres,
  type PostgresCluster,
} from './with-postgres.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PORT = 8088;
// The largest body a route accepts (a restaurant's cover and logo in one form: two 2 MB images
// and their fields, staff-restaurant.routes.ts) fits under this, so nginx never refuses what an
// instance would take; the instances' own, smaller limits answer with the app's JSON 413.
const CLIENT_MAX_BODY_SIZE = '5m';

export interface ClusterInstance {
  name: string;
  port: number;
  /** The instance's own address, bypassing nginx. */
  base: string;
  readonly alive: boolean;
  /** Starts it (again, after a kill) on the same port and resolves once it serves. */
  start(): Promise<void>;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** What it printed so far. */
  output(): string;
}

export interface Cluster {
  /** nginx's address: what a browser or a client uses. */
  url: string;
  databaseUrl: string;
  jwtSecret: string;
  instances: ClusterInstance[];
  /** The temp dir holding nginx's config and logs and the instances' data dirs. */
  dir: string;
  /** Stops nginx, the instances and the throwaway PostgreSQL, and removes the temp dirs. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** nginx's port on 127.0.0.1; 0 picks a free one. Default CLUSTER_PORT or 8088. */
  port?: number;
  /** An existing database to use instead of a throwaway PostgreSQL (the crash test's own). */
  databaseUrl?: string;
  instances?: number;
  /** Extra environment for every instance (APP_ENV, limits a test raises, ...). */
  env?: Record<string, string>;
  /** The built app to serve; default dist/, which must then exist. */
  staticDir?: string;
  /** Where the instances' and nginx's output goes: the terminal, prefixed, or only memory. */
  output?: 'inherit' | 'quiet';
}

/** nginx on PATH or where Debian puts it (off a normal user's PATH), if installed. */
export function findNginx(): string | undefined {
  return [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
    .filter(Boolean)
    .map((dir) => path.join(dir, 'nginx'))
    .find((candidate) => existsSync(candidate));
}

/** findNginx(), installing Debian's package first when it is missing and we are root. */
export function ensureNginx(): string {
  const find = findNginx;
  const found = find();
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log("[cluster] nginx is missing: installing Debian's package (apt-get install nginx)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: 'inherit',
      env,
    });
    // The package starts a server of its own on port 80; the cluster runs its own nginx.
    spawnSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
    const installed = install.status === 0 ? find() : undefined;
    if (installed) return installed;
  }
  throw new Error(
    'nginx not found. Install it (Debian: sudo apt-get install -y nginx) and run again; ' +
      'the cluster runs its own nginx with a generated config and touches no system one.',
  );
}

/**
 * The load balancer's config. Everything nginx writes goes under `dir`; it runs as the current
 * user (as root it would otherwise hand its workers to `nobody`, who cannot write there).
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  const dir = options.dir;
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }

http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server_tokens off;

  # Round-robin over the instances. An instance that refuses a connection (down, restarting)
  # is skipped for 2 s and the request goes to the next one. No upstream keepalive: a POST sent
  # on a kept-alive connection the instance has just dropped could not be replayed (below).
  upstream app {
${servers}
  }

  server {
    listen 127.0.0.1:${options.port};
    client_max_body_size ${CLIENT_MAX_BODY_SIZE};

    # The instances trust these (TRUST_PROXY=true): the client's address for rate limits, and
    # the scheme and host the browser used for the payment pages' links.
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Request-Id $request_id;
    proxy_http_version 1.1;
    proxy_set_header Connection "";

    # Only failures to reach an instance move a request to the other one: connecting refused
    # or timed out. 'non_idempotent' is deliberately absent: a POST that reached an instance
    # which then died may have committed, and replaying it elsewhere could pay twice; the
    # client gets the 503 below and retries with its Idempotency-Key instead.
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;

    # Neither instance answered: the app's envelope, in Vietnamese, instead of nginx's page.
    error_page 502 504 = @unavailable;
    location @unavailable {
      default_type "application/json; charset=utf-8";
      add_header Retry-After 5 always;
      return 503 '{"success":false,"message":"Máy chủ đang tạm gián đoạn. Vui lòng thử lại sau ít phút.","code":"SERVICE_UNAVAILABLE"}';
    }

    # Live events: each message goes out as it comes, and an idle stream (heartbeats every
    # 25 s) is not cut.
    location /api/events/ {
      proxy_pass http://app;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }

    location / {
      proxy_pass http://app;
    }
  }
}
`;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited while starting:\n${output().slice(-3000)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function prefixed(name: string, sink: 'inherit' | 'quiet', log: string[]) {
  let partial = '';
  return (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    if (log.length > 2000) log.splice(0, log.length - 2000);
    if (sink !== 'inherit') return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
  };
}

function appInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  sink: 'inherit' | 'quiet',
): ClusterInstance {
  let child: ChildProcess | null = null;
  const log: string[] = [];
  const instance: ClusterInstance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    get alive() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (instance.alive) return;
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', prefixed(name, sink, log));
      child.stderr!.on('data', prefixed(name, sink, log));
      await waitUntilServing(`${instance.base}/api/health`, child, () => log.join(''));
    },
    async kill(signal = 'SIGTERM') {
      if (!child || !instance.alive) return;
      const exited = waitForExit(child);
      child.kill(signal);
      await exited;
    },
    output: () => log.join(''),
  };
  return instance;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const sink = options.output ?? 'inherit';
  const nginxBin = ensureNginx();
  const staticDir = options.staticDir ?? path.join(ROOT, 'dist');
  if (!options.staticDir && !existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/ has no build: run `npm run build` first');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mon-ngon-cluster-'));
  let postgres: PostgresCluster | null = null;
  let nginx: ChildProcess | null = null;
  const instances: ClusterInstance[] = [];

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (nginx?.exitCode === null && nginx.signalCode === null) {
        const exited = waitForExit(nginx);
        nginx.kill('SIGQUIT');
        await exited;
      }
      await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
      postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    })());

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const binDir = findPostgresBin();
      if (!binDir) {
        throw new Error(
          'PostgreSQL server binaries not found (Debian: apt-get install -y postgresql postgresql-contrib)',
        );
      }
      postgres = await startPostgres(binDir);
      await checkExtensions(postgres.url);
      databaseUrl = postgres.url;
    }

    // One identity for the whole deployment: a token signed by one instance is checked by the
    // other, and a browser's push subscription is signed for by either.
    const jwtSecret = randomBytes(32).toString('hex');
    const vapid = webpush.generateVAPIDKeys();
    const port = options.port ?? Number(process.env.CLUSTER_PORT ?? DEFAULT_PORT);
    const nginxPort = port === 0 ? await freePort() : port;
    const count = options.instances ?? 2;
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());

    for (let i = 0; i < count; i += 1) {
      const name = String.fromCharCode(97 + i);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        // Each its own: nothing an instance keeps on its disk may matter to the other.
        DATA_DIR: path.join(dir, `data-${name}`),
        STATIC_DIR: staticDir,
        TRUST_PROXY: 'true',
        JWT_SECRET: jwtSecret,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        SEED_DEMO: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        ...options.env,
      };
      instances.push(appInstance(name, ports[i]!, env, sink));
    }
    // The first one migrates and seeds alone; the others then find both done. (Seeding is safe
    // at once, each step claimed by one transaction, but creating the migration tables at once
    // is not.)
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxConfig({ dir, port: nginxPort, upstreams: ports }),
    );
    const nginxLog: string[] = [];
    nginx = spawn(
      nginxBin,
      [
        '-p',
        dir,
        '-c',
        path.join(dir, 'nginx.conf'),
        '-e',
        path.join(dir, 'error.log'),
        '-g',
        'daemon off;',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    nginx.stdout!.on('data', prefixed('nginx', sink, nginxLog));
    nginx.stderr!.on('data', prefixed('nginx', sink, nginxLog));
    const url = `http://127.0.0.1:${nginxPort}`;
    await waitUntilServing(`${url}/api/health`, nginx, () => nginxLog.join(''), 15_000);

    return { url, databaseUrl, jwtSecret, instances, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const PASSED_THROUGH = [
  'APP_ENV',
  'SEED_DEMO',
  'SEED_DEMO_HISTORY',
  'LOG_LEVEL',
  'OTP_SENDS_PER_IP_PER_HOUR',
  'COMMISSION_PERCENT',
  'GEOCODER_URL',
];

async function main(): Promise<void> {
  let cluster: Cluster | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping nginx, the instances and PostgreSQL');
    await cluster?.stop();
    if (process.env.CLUSTER_INFO_FILE) rmSync(process.env.CLUSTER_INFO_FILE, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // The app's own settings given to the script reach every instance (a journey raises a limit).
  const env = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => {
      const value = process.env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  try {
    cluster = await startCluster({ env });
  } catch (error) {
    console.error(`[cluster] ${(error as Error).message}`);
    await shutdown(1);
    return;
  }
  console.log(
    [
      '',
      `[cluster] Món Ngon behind nginx: ${cluster.url}`,
      ...cluster.instances.map((i) => `[cluster]   instance ${i.name}: ${i.base}`),
      `[cluster]   PostgreSQL: ${cluster.databaseUrl}`,
      '[cluster] Ctrl-C stops everything and removes the temp dirs.',
      '',
    ].join('\n'),
  );
  // For a test runner that started the script: where each instance is, to reach one directly.
  if (process.env.CLUSTER_INFO_FILE) {
    writeFileSync(
      process.env.CLUSTER_INFO_FILE,
      JSON.stringify({
        url: cluster.url,
        instances: cluster.instances.map(({ name, base }) => ({ name, base })),
      }),
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, port 8080) and the Vite dev server (which proxies
// /api to it) side by side, their output prefixed. Ctrl-C stops both; when one exits, the other
// is stopped too and the exit code is passed on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const apiPort = process.env.PORT ?? '8080';

const services = [
  {
    name: 'api',
    color: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'server/main.ts'],
    env: { APP_ENV: process.env.APP_ENV ?? 'development', PORT: apiPort },
  },
  { name: 'web', color: 35, command: bin('vite'), args: [], env: {} },
];

const children = [];
let stopping = false;

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    // Each service runs in its own process group (detached), so tsx's and Vite's own children
    // go down with them.
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  const force = setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(exitCode);
  }, 5000);
  force.unref();
  Promise.all(children.map((c) => c.exited)).then(() => process.exit(exitCode));
}

for (const service of services) {
  const prefix = `\u001b[${service.color}m[${service.name}]\u001b[0m `;
  const child = spawn(service.command, service.args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    readline
      .createInterface({ input: stream })
      .on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  child.on('error', (error) => {
    console.error(`${prefix}cannot start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix}exited (${signal ?? `code ${code}`}); stopping the others`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

console.log(
  `[dev] API on http://localhost:${apiPort} (APP_ENV=${services[0].env.APP_ENV}); Vite prints its URL below. Ctrl-C stops both.`,
);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

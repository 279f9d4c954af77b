import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * The headers that limit what a page of ours may do in the browser (docs/decisions/027). The
 * session's tokens live in localStorage (design.md section 5), so one injected script would
 * take them: the Content-Security-Policy admits only our own scripts and index.html's inline
 * ones, by hash.
 */

/** Geolocation for the address dialog on our own origin; nothing else the app never asks for. */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

// A JSON reply shown as a document (opened in a tab, sniffed) can run nothing and be framed
// by nobody.
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

// Written next to index.html under this name by build/content-security.ts: the origins the
// client calls besides its own, known only at build time (VITE_MAPS_BASE_URL).
const BUILD_POLICY_FILE = 'content-security.json';

interface BuildPolicy {
  connectSrc?: string[];
}

/** The sha256 CSP source of a script's or a style's text, exactly as it stands in the page. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// An inline script the browser runs: no src, and no type, a JavaScript type or "module".
// A data block (`type="application/json"`, the server-rendered state) is never run, so it
// needs no hash.
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  if (match) return match[1] ?? match[2] ?? match[3] ?? '';
  return new RegExp(`(?:^|\\s)${name}(?:\\s|$)`, 'i').test(attributes) ? '' : null;
}

/** The texts of the inline scripts a browser would run in `html`, in page order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (attribute(attributes, 'src') !== null) continue;
    const type = attribute(attributes, 'type');
    if (type !== null && type.trim() !== '' && !EXECUTABLE_TYPE.test(type.trim())) continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The app's policy. `scriptHashes` are those of index.html as the build wrote it, never of the
 * page sent: a screen rendered into it carries customers' text (names, reviews, addresses),
 * and a script smuggled into that text must stay refused.
 */
export function appPolicy(options: { scriptHashes: string[]; connectSrc: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(' ')}`.trimEnd(),
    // Mantine draws with style attributes (CSS variables on every component, in the
    // prerendered and server-rendered HTML too) and <style> elements it adds at run time;
    // a hash or a nonce cannot admit an attribute. Styles run no script.
    "style-src 'self' 'unsafe-inline'",
    // Dish and restaurant pictures are links owners paste, on any host.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "media-src 'self'",
    `connect-src 'self' ${options.connectSrc.join(' ')}`.trimEnd(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Origins only: a base URL's path is no part of a CSP source worth keeping. */
function origins(urls: unknown): string[] {
  if (!Array.isArray(urls)) return [];
  const found = new Set<string>();
  for (const url of urls) {
    if (typeof url !== 'string') continue;
    try {
      const { protocol, origin } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') found.add(origin);
    } catch {
      // Not a URL: the build wrote nothing usable, the page keeps to its own origin.
    }
  }
  return [...found];
}

/**
 * The app's policy for the build in `staticDir`, read again when a deploy replaced index.html
 * (its modification time and size are checked on each HTML reply; the hashes only then).
 */
export class AppPolicySource {
  private cached: { key: string; policy: string } | null = null;

  constructor(private readonly staticDir: string) {}

  async policy(): Promise<string> {
    const index = path.join(this.staticDir, 'index.html');
    let key: string;
    try {
      const info = await stat(index);
      key = `${info.mtimeMs}:${info.size}`;
    } catch {
      // No build: the HTML is ours (the sandbox's, an error page) and runs no inline script.
      key = 'none';
    }
    if (this.cached?.key === key) return this.cached.policy;
    const html = key === 'none' ? '' : await readFile(index, 'utf8').catch(() => '');
    let build: BuildPolicy = {};
    try {
      build = JSON.parse(
        await readFile(path.join(this.staticDir, BUILD_POLICY_FILE), 'utf8'),
      ) as BuildPolicy;
    } catch {
      // A build without the file calls only its own origin.
    }
    const policy = appPolicy({
      scriptHashes: [...new Set(inlineScripts(html).map(cspHash))],
      connectSrc: origins(build.connectSrc),
    });
    this.cached = { key, policy };
    return policy;
  }
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^text\/html\b/i.test(type);
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/**
 * Every reply: nosniff, the referrer policy and the permissions policy; HSTS in production
 * (PUBLIC_URL is https there). Every HTML page: the app's CSP unless its route set a stricter
 * one (the VNPay sandbox), and no framing. Every JSON reply: a CSP that allows nothing.
 * Scripts and other files get no CSP: one on sw.js would bind the service worker itself.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { config: Config; staticDir: string },
): void {
  const source = new AppPolicySource(options.staticDir);
  const production = options.config.appEnv === 'production';
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (production) reply.header('strict-transport-security', HSTS);
    if (isHtml(reply)) {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', await source.policy());
      }
      reply.header('x-frame-options', 'DENY');
    } else if (isJson(reply) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', API_POLICY);
    }
  });
}

import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The origin (scheme://host[:port]) a browser used to reach this server, for the links the
 * server hands back to be opened in that browser (the payment page, its return URL) when no
 * PUBLIC_URL says what it is: a developer on http://127.0.0.1:8080, a phone on the LAN at
 * http://192.168.1.20:8080. A link on another origin than the page would have no session.
 *
 * A Host header is whatever the client wrote, and an origin taken from it ends up in a signed
 * return URL that the payment page redirects to: a forged Host would make this server send
 * someone to another site (an open redirect carrying our signature). So a Host is taken only
 * when it can be checked against the connection itself:
 *
 * - it must be a bare host[:port] (no user info, path, query or spaces), which `new URL`
 *   must give back unchanged;
 * - its port (or the scheme's default) must be the port the socket was reached on;
 * - an address must be the socket's own local address; a name cannot be checked without
 *   trusting DNS, so only `localhost` is taken, and only on a loopback connection. Any other
 *   name falls back to PUBLIC_URL's default; set PUBLIC_URL for a named host.
 *
 * Behind a reverse proxy (TRUST_PROXY, where Fastify reads X-Forwarded-Proto and the last
 * X-Forwarded-Host), the socket is the proxy's: the operator vouched for the proxy, which
 * writes those headers, so only their syntax is checked.
 *
 * Returns null when nothing can be trusted; the caller then uses its configured origin. An
 * injected request (tests' app.inject) has no real socket and always gets null.
 */
export function requestOrigin(request: FastifyRequest, trustProxy: boolean): string | null {
  const protocol = request.protocol;
  if (protocol !== 'http' && protocol !== 'https') return null;
  // Fastify itself reads a trusted X-Forwarded-Host only when it is not empty.
  const forwardedHost = request.headers['x-forwarded-host'];
  const forwarded = trustProxy && typeof forwardedHost === 'string' && forwardedHost !== '';
  const host = request.host;
  const url = parseHost(protocol, host);
  if (!url) return null;
  if (forwarded) return url.origin;

  const socket = request.raw.socket as { localAddress?: string; localPort?: number } | undefined;
  const localAddress = socket?.localAddress;
  const localPort = socket?.localPort;
  if (!localAddress || !localPort) return null;
  const port = url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port);
  if (port !== localPort) return null;

  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const local = unmapped(localAddress);
  if (isIP(hostname) !== 0) return sameAddress(hostname, local) ? url.origin : null;
  return hostname === 'localhost' && isLoopback(local) ? url.origin : null;
}

/** The URL of `protocol://host/` when `host` is exactly a host with an optional port. */
function parseHost(protocol: string, host: string): URL | null {
  if (host === '' || host.length > 260 || /[^A-Za-z0-9.\-:[\]]/.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}/`);
  } catch {
    return null;
  }
  // `new URL` also takes "a:b@c" and "1.2.3" (as 1.2.0.3); anything it rewrote is refused.
  const normalized = url.port === '' ? url.hostname : `${url.hostname}:${url.port}`;
  const given = host
    .toLowerCase()
    .replace(/:(80|443)$/, (match) =>
      (protocol === 'http' && match === ':80') || (protocol === 'https' && match === ':443')
        ? ''
        : match,
    );
  return normalized === given ? url : null;
}

/** An IPv4 client of a dual-stack socket is seen as ::ffff:a.b.c.d. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function sameAddress(a: string, b: string): boolean {
  return unmapped(a).toLowerCase() === b.toLowerCase();
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

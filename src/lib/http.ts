import ky, { isHTTPError, type HTTPError, type KyInstance, type KyResponse } from 'ky';
import type { ErrorReply } from '#contract/envelope';
import { vi } from '../i18n/first-screen';
import { adoptStoredTokens, endLockedSession, logout, session, setTokens } from './session';

/** Every reply is `{success, message, data?}` (design.md section 4). */
export interface ApiReply<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export const REQUEST_TIMEOUT_MS = 30_000;

interface RefreshReply {
  access_token?: unknown;
  refresh_token?: unknown;
  data?: { access_token?: unknown; refresh_token?: unknown } | null;
}

/** The refresh call got no answer at all (offline, timeout): the session may well be valid. */
class RefreshUnreachableError extends Error {}

/** The refresh was refused because the account is locked. */
class AccountLockedError extends Error {}

/** The refusal a locked account gets on every request and at refresh (403, docs/decisions/043). */
export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_LOCKED';

async function isLockedReply(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return isRecord(body) && body.code === ACCOUNT_LOCKED_CODE;
}

/**
 * Ends the session when a reply says its account is locked; for requests made outside ky (the
 * live stream). Resolves with whether it did.
 */
export async function noteLockedReply(response: Response): Promise<boolean> {
  if (!(await isLockedReply(response))) return false;
  endLockedSession();
  return true;
}

const errorReplies = new WeakMap<HTTPError, Partial<ErrorReply>>();

/** Each instance's refresh, so a caller outside ky (the live stream) shares the one in flight. */
const refreshers = new WeakMap<KyInstance, (rejectedToken: string | null) => Promise<string>>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** Refreshes run one at a time across tabs, so two tabs never spend the same refresh token. */
async function exclusive<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('mon-ngon:token-refresh', run);
  }
  return run();
}

export interface HttpOptions {
  /** '/api' in the app; tests point it at a local server. */
  prefixUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * The ky instance of spec section 7: JSON calls under /api with a 30 s timeout and the stored
 * access token as bearer. A 401 triggers one refresh (spec section 4, 'Token refresh'): on
 * success the original request is sent again with the new token, on failure the session is
 * cleared and the original 401 rejects.
 */
export function createHttp({ prefixUrl = '/api', fetch }: HttpOptions = {}): KyInstance {
  const base = prefixUrl.replace(/\/+$/, '');
  // A plain instance for the refresh call and the replay: their own 401 must not refresh again.
  const raw = ky.create({
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
    ...(fetch ? { fetch } : {}),
  });
  let refreshing: Promise<string> | null = null;

  async function requestNewAccessToken(rejectedToken: string | null): Promise<string> {
    // Another tab may have refreshed while this one waited for the lock.
    adoptStoredTokens();
    const tokens = session.tokens;
    if (tokens?.access_token && tokens.access_token !== rejectedToken) return tokens.access_token;
    if (!tokens?.refresh_token) throw new Error('No refresh token');

    let response: KyResponse;
    try {
      response = await raw.post(`${base}/auth/refresh/`, {
        headers: { authorization: `Bearer ${tokens.refresh_token}` },
      });
    } catch {
      throw new RefreshUnreachableError();
    }
    // Refresh checks the lock before the token (docs/decisions/043), so this says why.
    if (await isLockedReply(response)) throw new AccountLockedError();
    if (!response.ok) throw new Error(`Refresh failed with ${response.status}`);
    const reply = await response.json<RefreshReply>();
    const data = isRecord(reply.data) ? reply.data : {};
    const accessToken = nonEmptyString(data.access_token) ?? nonEmptyString(reply.access_token);
    if (!accessToken) throw new Error('Refresh reply without access_token');
    // Refresh tokens rotate (design.md section 5): keep the new one when the reply has it.
    const refreshToken =
      nonEmptyString(data.refresh_token) ??
      nonEmptyString(reply.refresh_token) ??
      tokens.refresh_token;
    setTokens({ access_token: accessToken, refresh_token: refreshToken });
    return accessToken;
  }

  /** Concurrent 401s share the refresh already in flight instead of starting their own. */
  function freshAccessToken(rejectedToken: string | null): Promise<string> {
    if (refreshing) return refreshing;
    const current = session.tokens?.access_token;
    // The token was replaced after this request left: just use the new one.
    if (current && rejectedToken && current !== rejectedToken) return Promise.resolve(current);
    refreshing = exclusive(() => requestNewAccessToken(rejectedToken)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function isAuthCall(request: Request): boolean {
    // A 401 from sign-in or from the refresh itself is an answer, not an expired token.
    return new URL(request.url).pathname.includes('/auth/');
  }

  const instance = ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    // TanStack Query owns retries (lib/query-client.ts); a second layer would multiply them.
    retry: 0,
    headers: { accept: 'application/json' },
    ...(fetch ? { fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = session.tokens?.access_token;
          if (token && !request.headers.has('authorization')) {
            request.headers.set('authorization', `Bearer ${token}`);
          }
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          // A locked account: every request of its session answers so, and none will do better.
          // Returning nothing lets ky reject with the 403 and its message.
          if (await noteLockedReply(response)) return;
          if (response.status !== 401 || isAuthCall(request)) return;
          let accessToken: string;
          try {
            accessToken = await freshAccessToken(bearerOf(request));
          } catch (error) {
            // Spec section 4: a refused refresh ends the session. A refresh that never reached
            // the server does not: logging out someone on a dropped connection would cost them
            // a new SMS code for nothing, and the next call simply tries again.
            if (error instanceof AccountLockedError) endLockedSession();
            else if (!(error instanceof RefreshUnreachableError)) logout();
            // Returning nothing lets ky reject with the original 401.
            return;
          }
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${accessToken}`);
          // ky hands the hook an unread clone of the request, so its body can be sent again.
          return raw(new Request(request, { headers }));
        },
      ],
      beforeError: [
        async (error) => {
          const body: unknown = await error.response
            .clone()
            .json()
            .catch(() => undefined);
          if (isRecord(body)) {
            errorReplies.set(error, body);
            const message = nonEmptyString(body.message);
            if (message) error.message = message;
          }
          return error;
        },
      ],
    },
  });
  refreshers.set(instance, freshAccessToken);
  return instance;
}

export const http = createHttp();

/**
 * The refresh of spec section 4 for a request `http` cannot make: the live stream is read with
 * fetch itself, as ky would hold a copy of its endless body for its hooks. Shares the refresh
 * in flight with `http`'s own 401s and keeps its rules: resolves with the new access token,
 * null when the refresh was refused (the session is over: logged out), and rejects when the
 * server could not be reached (the session may well be valid; try again later).
 */
export async function renewAccessToken(rejectedToken: string | null): Promise<string | null> {
  const refresh = refreshers.get(http);
  if (!refresh) return null;
  try {
    return await refresh(rejectedToken);
  } catch (error) {
    if (error instanceof RefreshUnreachableError) throw error;
    if (error instanceof AccountLockedError) endLockedSession();
    else logout();
    return null;
  }
}

/** The error envelope the server sent with a failed reply, when it sent one. */
export function getErrorReply(error: unknown): Partial<ErrorReply> | undefined {
  return isHTTPError(error) ? errorReplies.get(error) : undefined;
}

/**
 * Spec section 8, 'General': the server's message when present, else 'HTTP {status}'; no
 * response at all (network down, timeout) gives 'Không thể kết nối đến server'.
 */
export function getErrorMessage(error: unknown): string {
  if (isHTTPError(error)) {
    return nonEmptyString(getErrorReply(error)?.message) ?? vi.http.status(error.response.status);
  }
  return vi.http.noResponse;
}

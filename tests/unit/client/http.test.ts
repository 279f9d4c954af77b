import { HTTPError, TimeoutError } from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { createHttp, getErrorMessage, REQUEST_TIMEOUT_MS } from '#src/lib/http';
import { lockout, logout, session, setSession } from '#src/lib/session';

// A fake server behind the fetch that ky calls: each test says how it answers and every request
// is recorded as it arrived (headers, method, body read from the request itself).
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  body: string;
}

type Handler = (request: Seen) => Response | Promise<Response>;

const origin = 'http://localhost';
let seen: Seen[];
let handler: Handler;

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? new Request(input, init) : new Request(input, init);
  const entry: Seen = {
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('authorization') ?? undefined,
    accept: request.headers.get('accept') ?? undefined,
    // Throws if a replayed request lost its body.
    body: await request.text(),
  };
  seen.push(entry);
  return handler(entry);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  seen = [];
  logout();
});

const api = () => createHttp({ prefixUrl: `${origin}/api`, fetch: fakeFetch });

const customer = { id: 7, name: 'Lan', role: 'customer' };

function signIn({ withRefreshToken = true } = {}) {
  setSession({
    user: customer,
    tokens: withRefreshToken
      ? { access_token: 'access-1', refresh_token: 'refresh-1' }
      : { access_token: 'access-1' },
    userType: 'customer',
  });
}

/** Protected calls accept only `valid`; /api/auth/refresh/ answers with `refreshReply`. */
function protectedApi(valid: string, refreshReply: Handler) {
  handler = (request) => {
    if (request.path === '/api/auth/refresh/') return refreshReply(request);
    if (request.authorization === `Bearer ${valid}`) {
      return json(200, { success: true, message: 'OK', data: { echo: request.body } });
    }
    return json(401, {
      success: false,
      message: 'Phiên đăng nhập đã hết hạn',
      code: 'UNAUTHORIZED',
    });
  };
}

describe('requests', () => {
  it('prefixes /api, asks for JSON and uses the 30 s timeout', async () => {
    handler = () => json(200, { success: true, message: 'OK', data: [] });
    const reply = await api().get('category/').json();
    expect(reply).toEqual({ success: true, message: 'OK', data: [] });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/category/',
      authorization: undefined,
    });
    expect(seen[0]?.accept).toContain('application/json');
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('sends the stored access token as a bearer header', async () => {
    signIn();
    handler = () => json(200, { success: true, message: 'OK' });
    await api().get('customer/profile/');
    expect(seen[0]?.authorization).toBe('Bearer access-1');
  });
});

describe('token refresh (spec section 4)', () => {
  it('refreshes once on a 401 and replays the request, body included, with the new token', async () => {
    signIn();
    protectedApi('access-2', () =>
      json(200, {
        success: true,
        message: 'OK',
        data: { access_token: 'access-2', refresh_token: 'refresh-2' },
      }),
    );

    const reply = await api()
      .post('customer/orders/', { json: { delivery_address: '1 Lê Lợi' } })
      .json();

    expect(reply).toMatchObject({
      data: { echo: JSON.stringify({ delivery_address: '1 Lê Lợi' }) },
    });
    expect(seen.map((request) => request.path)).toEqual([
      '/api/customer/orders/',
      '/api/auth/refresh/',
      '/api/customer/orders/',
    ]);
    const refresh = seen[1]!;
    expect(refresh).toMatchObject({ method: 'POST', authorization: 'Bearer refresh-1', body: '' });
    expect(seen[2]?.authorization).toBe('Bearer access-2');
    // The rotated refresh token replaces the spent one, in memory and in storage.
    expect(session.tokens).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem('tokens')!)).toEqual(session.tokens);
    expect(session.user).toEqual(customer);
  });

  it('accepts a top-level access_token and keeps the refresh token when none is returned', async () => {
    signIn();
    protectedApi('access-3', () =>
      json(200, { success: true, message: 'OK', access_token: 'access-3' }),
    );
    await api().get('customer/cart/');
    expect(session.tokens).toEqual({ access_token: 'access-3', refresh_token: 'refresh-1' });
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn();
    // Slow enough that all three 401s arrive while it is in flight.
    protectedApi(
      'access-2',
      () =>
        new Promise((resolve) => {
          const reply = json(200, {
            success: true,
            message: 'OK',
            data: { access_token: 'access-2' },
          });
          setTimeout(() => resolve(reply), 50);
        }),
    );
    const http = api();
    const replies = await Promise.all([
      http.get('customer/cart/').json(),
      http.get('customer/orders/').json(),
      http.get('customer/profile/').json(),
    ]);
    expect(replies).toHaveLength(3);
    expect(seen.filter((request) => request.path === '/api/auth/refresh/')).toHaveLength(1);
    expect(seen.filter((request) => request.authorization === 'Bearer access-2')).toHaveLength(3);
  });

  it('clears the session and rejects with the 401 when the refresh call fails', async () => {
    signIn();
    protectedApi('never', () =>
      json(401, { success: false, message: 'Refresh token không hợp lệ', code: 'UNAUTHORIZED' }),
    );
    const failure = api().get('customer/cart/').json();
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    await failure.catch((error: unknown) => {
      expect(getErrorMessage(error)).toBe('Phiên đăng nhập đã hết hạn');
    });
    expect(session).toMatchObject({ user: null, tokens: null, userType: 'customer' });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(localStorage.getItem('userType')).toBeNull();
    // Refreshed once, not in a loop.
    expect(seen.filter((request) => request.path === '/api/auth/refresh/')).toHaveLength(1);
  });

  it('clears the session without calling refresh when no refresh token is stored', async () => {
    signIn({ withRefreshToken: false });
    protectedApi('never', () => {
      throw new Error('refresh must not be called');
    });
    await expect(api().get('customer/cart/')).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toBeNull();
    expect(seen.map((request) => request.path)).toEqual(['/api/customer/cart/']);
  });

  it('keeps the session when the refresh call gets no answer at all', async () => {
    signIn();
    protectedApi('never', () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = api().get('customer/cart/');
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toEqual(customer);
    expect(session.tokens).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('clears the session when the refresh call answers with a server error', async () => {
    signIn();
    protectedApi('never', () => json(500, { success: false, message: 'Lỗi máy chủ' }));
    await expect(api().get('customer/cart/')).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toBeNull();
  });

  it("ends a locked account's session on its 403 without asking the server anything more", async () => {
    signIn();
    handler = () =>
      json(403, {
        success: false,
        message: 'Tài khoản của bạn đã bị khóa',
        code: 'ACCOUNT_LOCKED',
      });
    const failure = api().get('customer/cart/').json();
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    await failure.catch((error: unknown) => {
      expect(getErrorMessage(error)).toBe('Tài khoản của bạn đã bị khóa');
    });
    expect(session).toMatchObject({ user: null, tokens: null, userType: 'customer' });
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(lockout.kind).toBe('customer');
    // No refresh and no sign-out call: both would be refused.
    expect(seen.map((request) => request.path)).toEqual(['/api/customer/cart/']);
  });

  it('marks a staff-level account for the staff sign-in', async () => {
    setSession({
      user: { id: 1, name: 'Quản trị', role: 'admin' },
      tokens: { access_token: 'access-1', refresh_token: 'refresh-1' },
    });
    handler = () =>
      json(403, {
        success: false,
        message: 'Tài khoản của bạn đã bị khóa',
        code: 'ACCOUNT_LOCKED',
      });
    await expect(api().get('admin/users/')).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toBeNull();
    expect(lockout.kind).toBe('staff');
  });

  it('keeps the session on any other 403', async () => {
    signIn();
    handler = () => json(403, { success: false, message: 'Bạn không có quyền', code: 'FORBIDDEN' });
    await expect(api().get('staff/foods/')).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toEqual(customer);
    expect(lockout.kind).toBeNull();
  });

  it('ends the session as locked when the refresh is refused as locked', async () => {
    signIn();
    protectedApi('never', () =>
      json(403, {
        success: false,
        message: 'Tài khoản của bạn đã bị khóa',
        code: 'ACCOUNT_LOCKED',
      }),
    );
    await expect(api().get('customer/cart/')).rejects.toBeInstanceOf(HTTPError);
    expect(session.user).toBeNull();
    expect(lockout.kind).toBe('customer');
    expect(seen.map((request) => request.path)).toEqual([
      '/api/customer/cart/',
      '/api/auth/refresh/',
    ]);
  });

  it('forgets the lock notice at the next sign-in', async () => {
    signIn();
    handler = () =>
      json(403, {
        success: false,
        message: 'Tài khoản của bạn đã bị khóa',
        code: 'ACCOUNT_LOCKED',
      });
    await expect(api().get('customer/cart/')).rejects.toBeInstanceOf(HTTPError);
    expect(lockout.kind).toBe('customer');
    signIn();
    expect(lockout.kind).toBeNull();
  });

  it('does not refresh twice when the replayed request is refused again', async () => {
    signIn();
    let refreshes = 0;
    handler = (request) => {
      if (request.path === '/api/auth/refresh/') {
        refreshes += 1;
        return json(200, {
          success: true,
          message: 'OK',
          data: { access_token: `access-${refreshes + 1}` },
        });
      }
      return json(401, { success: false, message: 'Không có quyền', code: 'UNAUTHORIZED' });
    };
    const failure = api().get('staff/orders/');
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(3);
  });

  it('treats a 401 from sign-in as an answer, not an expired token', async () => {
    signIn();
    handler = () =>
      json(401, {
        success: false,
        message: 'Tên đăng nhập hoặc mật khẩu không đúng',
        code: 'INVALID_CREDENTIALS',
      });
    const failure = api().post('auth/staff/login/', { json: { username: 'a', password: 'b' } });
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    expect(seen).toHaveLength(1);
    // The login screen decides what to clear (spec section 8), not the HTTP client.
    expect(session.user).toEqual(customer);
  });
});

describe('getErrorMessage (spec section 8, General)', () => {
  async function failureOf(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  }

  it("gives the server's message when the reply has one", async () => {
    handler = () =>
      json(422, { success: false, message: 'Số tiền không hợp lệ', code: 'VALIDATION' });
    const error = await failureOf(api().post('payment/deposit/create/', { json: { amount: 0 } }));
    expect(getErrorMessage(error)).toBe('Số tiền không hợp lệ');
  });

  it("gives 'HTTP {status}' when the reply has no message", async () => {
    handler = () =>
      new Response('<html>Bad gateway</html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    expect(getErrorMessage(await failureOf(api().get('food/')))).toBe('HTTP 502');

    handler = () => json(500, { success: false, message: '  ' });
    expect(getErrorMessage(await failureOf(api().get('food/')))).toBe(text.http.status(500));
  });

  it("gives 'Không thể kết nối đến server' when nothing answers", async () => {
    handler = () => {
      // What fetch does when the connection is refused or the device is offline.
      throw new TypeError('Failed to fetch');
    };
    const error = await failureOf(api().get('food/'));
    expect(getErrorMessage(error)).toBe('Không thể kết nối đến server');
    expect(text.http.noResponse).toBe('Không thể kết nối đến server');
  });

  it('treats a timeout as no response', () => {
    const timeout = new TimeoutError(new Request(`${origin}/api/food/`));
    expect(getErrorMessage(timeout)).toBe('Không thể kết nối đến server');
  });
});

import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * A fake server behind `fetch` for the auth screens' tests: the app's own ky client, error
 * envelope handling and session store run for real. Each route answers a call by
 * "METHOD /path"; every call is recorded with its parsed JSON body.
 */

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** No answer at all, as when the network is down. */
export const NETWORK_DOWN = Symbol('network down');

type Answer = Reply | typeof NETWORK_DOWN;
export type Route = (call: Call) => Answer | Promise<Answer>;

export function ok(data: unknown, message = 'OK', status = 200): Reply {
  return { status, body: { success: true, message, data } };
}

export function fail(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Reply {
  return { status, body: { success: false, message, code, ...extra }, headers };
}

export function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer: Answer = route
      ? await route(call)
      : fail(404, 'NOT_FOUND', `No fake route for ${call.method} ${call.path}`);
    if (answer === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  return {
    calls,
    /** The calls made to one path, in order. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

/** A reply the test releases when it is ready, to look at the screen while a call runs. */
export function deferred() {
  let release!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { route: (() => answer) as Route, release };
}

/**
 * Fake timers that still move with real time (so Testing Library's polling works), for the
 * redirect delays and the resend countdown; `advance` moves them on by hand.
 */
export function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return {
    user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }),
    advance: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
}

/** Toasts live in a store outside React: each test starts without the last one's. */
export function resetToasts() {
  act(() => {
    notifications.clean();
  });
}

/** A toast with exactly this text. */
export function findToast(message: string) {
  return screen.findByText(message, { selector: '.mantine-Notification-description' });
}

import { afterEach, describe, expect, it } from 'vitest';
import { createLiveClient, type LiveEnv } from '#src/lib/live/live-client';
import type { LiveEvent } from '#src/lib/live/live-event';

/**
 * Several "tabs" of one device in one process: each is its own client, they share a lock
 * manager (the Web Locks API's rules: one holder, waiters in order, a waiter can abort) and
 * talk over Node's real BroadcastChannel. The server is a fetch that hands out streams the
 * test writes to.
 */

class FakeLocks {
  private held = new Map<string, Promise<void>>();
  request(
    name: string,
    options: { signal?: AbortSignal },
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    const previous = this.held.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.held.set(
      name,
      previous.then(() => mine),
    );
    return new Promise((resolve, reject) => {
      let granted = false;
      options.signal?.addEventListener('abort', () => {
        if (!granted) {
          release();
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      void previous.then(async () => {
        if (options.signal?.aborted) return;
        granted = true;
        try {
          resolve(await run());
        } finally {
          release();
        }
      });
    });
  }
}

interface OpenStream {
  headers: Headers;
  write(text: string): void;
  end(): void;
}

function fakeServer() {
  const opened: OpenStream[] = [];
  let answer: (headers: Headers) => Response | null = () => null;
  const fetch: LiveEnv['fetch'] = async (_url, init) => {
    const headers = new Headers(init.headers);
    const custom = answer(headers);
    if (custom) return custom;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init.signal?.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    opened.push({
      headers,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return {
    fetch,
    opened,
    answerWith(handler: (headers: Headers) => Response | null) {
      answer = handler;
    },
  };
}

const clients: { stop(): void }[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
});

function tab(server: ReturnType<typeof fakeServer>, overrides: Partial<LiveEnv> = {}) {
  const client = createLiveClient({
    fetch: server.fetch,
    locks: null,
    openChannel: (name) => new BroadcastChannel(name),
    isOnline: () => true,
    accessToken: () => 'token-1',
    renewAccessToken: async () => 'token-2',
    backoff: { baseMs: 5, maxMs: 20 },
    ...overrides,
  });
  clients.push(client);
  const events: LiveEvent[] = [];
  client.subscribe((event) => events.push(event));
  return { client, events };
}

const until = async (check: () => boolean, what: string) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 2000) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const created = (id: number, orderId: number) =>
  `id: ${id}\nevent: order.created\ndata: {"order_id":${orderId},"restaurant_id":1,"status":"paid","total_amount":85000}\n\n`;

describe('the live client', () => {
  it('opens the stream with the bearer token, goes live and hands events out', async () => {
    const server = fakeServer();
    const { client, events } = tab(server);
    client.start('staff:5');
    expect(client.status()).toBe('connecting');
    await until(() => server.opened.length === 1, 'the stream');
    const [stream] = server.opened;
    expect(stream!.headers.get('authorization')).toBe('Bearer token-1');
    expect(stream!.headers.get('accept')).toBe('text/event-stream');
    expect(stream!.headers.has('last-event-id')).toBe(false);
    await until(() => client.status() === 'live', 'live');

    stream!.write(': connected\n\n' + created(41, 57).slice(0, 20));
    stream!.write(
      created(41, 57).slice(20) + 'id: 42\nevent: wallet.updated\ndata: {"balance":5}\n\n',
    );
    stream!.write('id: 43\nevent: something.new\ndata: {}\n\n');
    await until(() => events.length === 2, 'two events');
    expect(events).toEqual([
      {
        type: 'order.created',
        id: '41',
        data: { order_id: 57, restaurant_id: 1, status: 'paid', total_amount: 85_000 },
      },
      { type: 'wallet.updated', id: '42', data: { balance: 5 } },
    ]);
    await until(() => client.lastEventId() === '43', 'the unknown event id');
  });

  it('reconnects after the stream ends, with the last event id, and refreshes the token on 401', async () => {
    const server = fakeServer();
    let token = 'token-1';
    const { client } = tab(server, {
      accessToken: () => token,
      renewAccessToken: async (rejected) => {
        expect(rejected).toBe('token-1');
        token = 'token-2';
        return token;
      },
    });
    client.start('customer:9');
    await until(() => server.opened.length === 1, 'the stream');
    server.opened[0]!.write('id: 77\nevent: resync\ndata: {}\n\n');
    await until(() => client.lastEventId() === '77', 'the resync id');
    // The token expired: the stream ends and reopening it is refused once.
    server.answerWith((headers) =>
      headers.get('authorization') === 'Bearer token-1'
        ? new Response(null, { status: 401 })
        : null,
    );
    server.opened[0]!.end();
    await until(() => server.opened.length === 2, 'the reconnect');
    expect(server.opened[1]!.headers.get('authorization')).toBe('Bearer token-2');
    expect(server.opened[1]!.headers.get('last-event-id')).toBe('77');
  });

  it('stops for good when the refresh is refused (the session is over)', async () => {
    const server = fakeServer();
    server.answerWith(() => new Response(null, { status: 401 }));
    let renewals = 0;
    const { client } = tab(server, {
      renewAccessToken: async () => {
        renewals += 1;
        return null;
      },
    });
    client.start('customer:9');
    await until(() => renewals === 1, 'the refresh');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renewals).toBe(1);
    expect(client.status()).not.toBe('live');
  });

  it('waits offline without trying, and connects at once when nudged back online', async () => {
    const server = fakeServer();
    let online = false;
    const { client } = tab(server, {
      isOnline: () => online,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    client.start('customer:9');
    await until(() => client.status() === 'offline', 'offline');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.opened).toHaveLength(0);
    online = true;
    client.nudge();
    await until(() => client.status() === 'live', 'live');
    online = false;
    client.wentOffline();
    expect(client.status()).toBe('offline');
    online = true;
    client.nudge();
    await until(() => server.opened.length === 2, 'the second stream');
  });

  it('shares one stream between tabs: the leader reads it, the others hear its events and status', async () => {
    const server = fakeServer();
    const locks = new FakeLocks();
    const first = tab(server, { locks });
    const second = tab(server, { locks });
    first.client.start('staff:5');
    await until(() => first.client.status() === 'live', 'the leader live');
    second.client.start('staff:5');
    await until(() => second.client.status() === 'live', 'the follower told it is live');
    expect(server.opened).toHaveLength(1);
    expect(first.client.isLeader()).toBe(true);
    expect(second.client.isLeader()).toBe(false);

    server.opened[0]!.write(created(50, 57));
    await until(() => second.events.length === 1, 'the broadcast');
    expect(first.events).toEqual(second.events);
    expect(second.client.lastEventId()).toBe('50');

    // The leader tab closes: the other takes the lock and the stream over, from event 50.
    first.client.stop();
    await until(() => server.opened.length === 2, 'the new leader stream');
    expect(second.client.isLeader()).toBe(true);
    expect(server.opened[1]!.headers.get('last-event-id')).toBe('50');
  });

  it('passes a push to the subscribers of this tab, only while signed in', async () => {
    const server = fakeServer();
    const { client, events } = tab(server);
    client.deliverPush({
      type: 'push',
      payload: { title: 'a', body: 'b', url: '/orders/57', tag: 'order-57' },
    });
    expect(events).toEqual([]);
    client.start('staff:5');
    client.deliverPush({
      type: 'push',
      payload: { title: 'a', body: 'b', url: '/orders/57', tag: 'order-57' },
    });
    expect(events).toEqual([
      { type: 'push', payload: { title: 'a', body: 'b', url: '/orders/57', tag: 'order-57' } },
    ]);
  });
});

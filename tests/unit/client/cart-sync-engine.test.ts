import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '#contract/cart';
import { addChanges, clearChange, removeChange, setChange } from '#src/lib/cart/cart-changes';
import { clearAllOutboxes, readOutbox } from '#src/lib/cart/outbox-store';
import {
  CartSyncEngine,
  retryDelay,
  RETRY_INTERVAL_MS,
  type CartSyncOptions,
} from '#src/lib/cart/sync-engine';
import { http } from '#src/lib/http';
import { logout, session, setSession } from '#src/lib/session';
import { fail } from '../../setup/fake-api';
import { BUN, FakeCartServer, PHO, serveCart, TRA } from '../../setup/fake-cart-server';

const USER = '42';

let server: FakeCartServer;
let persisted: Cart | undefined;
let notices: { message: string; tone: string }[];
let online: boolean;
const engines: CartSyncEngine[] = [];

function newEngine(options: Partial<CartSyncOptions> = {}) {
  const engine = new CartSyncEngine({
    userId: USER,
    http,
    base: {
      get: () => persisted,
      set: (cart) => {
        persisted = cart;
      },
    },
    notify: (message, tone) => notices.push({ message, tone }),
    isOnline: () => online,
    isSignedIn: () => session.user !== null,
    autoRetry: false,
    crossTab: false,
    ...options,
  });
  engines.push(engine);
  return engine;
}

const addPho = (quantity = 1, toppingIds: number[] = []) =>
  addChanges({ food: PHO, quantity, topping_ids: toppingIds });

beforeEach(async () => {
  setSession({ user: { id: 42, role: 'customer' }, tokens: { access_token: 'access-1' } });
  await clearAllOutboxes();
  server = serveCart(new FakeCartServer([PHO, TRA, BUN]));
  persisted = undefined;
  notices = [];
  online = true;
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  logout();
});

describe('writing changes', () => {
  it('keeps each change in IndexedDB before anything is sent', async () => {
    online = false;
    const engine = newEngine();
    await engine.enqueue(addPho(2, [5, 3]));
    const stored = await readOutbox(USER);
    expect(stored).toEqual([
      expect.objectContaining({
        op: 'add',
        line: '10:3,5',
        payload: { quantity: 2 },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
    ]);
    expect(server.calls).toEqual([]);
    // The screen shows it at once, waiting.
    expect(engine.view().items).toEqual([
      expect.objectContaining({ key: '10:3,5', quantity: 2, pending: true, price: 58000 }),
    ]);
  });

  it('is picked up by a new engine after a reload', async () => {
    online = false;
    await newEngine().enqueue(addPho(1));
    const reloaded = newEngine();
    await reloaded.ready;
    expect(reloaded.getSnapshot().ops).toHaveLength(1);
    expect(reloaded.view().item_count).toBe(1);
  });
});

describe('replaying', () => {
  it('reads the cart first, then sends each op once, in order, with its own key', async () => {
    server.seed(TRA.id, 1);
    online = false;
    const engine = newEngine();
    await engine.enqueue(addPho(2));
    // Offline the screen had only the cart it knew (nothing); TRA is known once synced.
    await engine.enqueue([clearChange()]);
    await engine.enqueue(addChanges({ food: BUN, quantity: 1, topping_ids: [] }));
    online = true;
    await engine.sync();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/customer/cart/',
      'DELETE /api/customer/cart/clear/',
      'POST /api/customer/cart/add/',
    ]);
    expect(server.mutations()[1]!.json).toEqual({
      food_id: 20,
      quantity: 1,
      topping_ids: [],
      option_ids: [],
      note: '',
    });
    expect(new Set(server.mutations().map((c) => c.key)).size).toBe(2);
    expect(await readOutbox(USER)).toEqual([]);
    expect(persisted).toEqual(server.cart());
    expect(engine.view().items).toEqual([
      expect.objectContaining({ key: '20:', quantity: 1, pending: false, id: 2 }),
    ]);
  });

  it('addresses a set or remove through the server line of its key', async () => {
    server.seed(PHO.id, 1);
    server.seed(TRA.id, 1);
    // The cart the screen last read (the persisted query).
    persisted = server.cart();
    online = false;
    const engine = newEngine();
    let view = engine.view();
    await engine.enqueue([setChange(view, view.items[0]!, 4)]);
    view = engine.view();
    await engine.enqueue([removeChange(view, view.items[1]!)]);
    online = true;
    await engine.sync();
    expect(
      server
        .mutations()
        .slice(-2)
        .map((c) => [c.method, c.path, c.json]),
    ).toEqual([
      ['PUT', '/api/customer/cart/update/1/', { quantity: 4 }],
      ['DELETE', '/api/customer/cart/remove/2/', undefined],
    ]);
  });

  it('drops a remove of a line the server no longer has, without a request', async () => {
    server.seed(PHO.id, 1);
    persisted = server.cart();
    online = false;
    const engine = newEngine();
    const view = engine.view();
    const id = await engine.enqueue([removeChange(view, view.items[0]!)]);
    server.removeAll(); // another device
    online = true;
    expect(await engine.outcomeOf(id, 1000)).toEqual({ status: 'dropped' });
    expect(server.calls.map((c) => c.method)).toEqual(['GET']);
    expect(await readOutbox(USER)).toEqual([]);
  });

  it('runs one replay at a time: two tabs on one outbox send each op once', async () => {
    online = false;
    const first = newEngine();
    const second = newEngine();
    await first.enqueue(addPho(1));
    await second.enqueue(addChanges({ food: TRA, quantity: 2, topping_ids: [] }));
    online = true;
    await Promise.all([first.sync(), second.sync(), first.sync()]);
    expect(server.mutations().map((c) => (c.json as { food_id: number }).food_id)).toEqual([
      10, 11,
    ]);
    expect(server.cart().item_count).toBe(3);
  });
});

describe('when the network or the server fails', () => {
  it('applies a change once when its reply was lost: the retry is answered from the record', async () => {
    const engine = newEngine();
    await engine.enqueue(addPho(2));
    // The add reaches the server and is applied, but the connection drops before the reply.
    server.loseNextReply();
    await engine.sync();
    expect(server.cart().item_count).toBe(2);
    expect(await readOutbox(USER)).toHaveLength(1);
    // The screen shows it once (the cart it knows does not have it yet).
    expect(engine.view().items[0]).toMatchObject({ quantity: 2, pending: true });

    // A reload in between: the new engine sends the op as it was, before re-reading the cart.
    const reloaded = newEngine();
    await reloaded.ready;
    await reloaded.sync();
    const posts = server.mutations();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[1]!.json).toEqual(posts[0]!.json);
    expect(server.cart().item_count).toBe(2);
    expect(await readOutbox(USER)).toEqual([]);
    expect(reloaded.view().items).toEqual([
      expect.objectContaining({ quantity: 2, pending: false, id: 1 }),
    ]);
  });

  it.each([
    [
      'the first send still runs (409 IDEMPOTENCY_IN_PROGRESS)',
      () => fail(409, 'Yêu cầu này đang được xử lý.', 'IDEMPOTENCY_IN_PROGRESS'),
    ],
    ['a server failure (503)', () => fail(503, 'Lỗi máy chủ', 'UNAVAILABLE')],
    ['a rate limit (429)', () => fail(429, 'Bạn thao tác quá nhiều lần.', 'RATE_LIMITED')],
  ])('retries after %s with the same key and body', async (_case, failure) => {
    const engine = newEngine();
    server.next(() => undefined); // the GET
    server.next(failure);
    await engine.enqueue(addPho(1));
    await engine.sync();
    expect(await readOutbox(USER)).toHaveLength(1);
    await engine.sync();
    const [first, second] = server.mutations();
    expect(second!.key).toBe(first!.key);
    expect(second!.json).toEqual(first!.json);
    expect(await readOutbox(USER)).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('does not even try while the browser says it is offline', async () => {
    online = false;
    const engine = newEngine();
    await engine.enqueue(addPho(1));
    await engine.sync();
    expect(server.calls).toEqual([]);
  });

  it('stops when a 401 ended the session', async () => {
    const engine = newEngine();
    // No refresh token to cure it: the client signs out (spec section 4).
    server.next(() => fail(401, 'Vui lòng đăng nhập để tiếp tục', 'UNAUTHENTICATED'));
    await engine.enqueue(addPho(1));
    await engine.sync();
    expect(session.user).toBeNull();
    const calls = server.calls.length;
    await engine.sync();
    expect(server.calls).toHaveLength(calls);
  });

  it('replays on its own every 30 s while changes wait, and backs off after failures', async () => {
    // Only the engine's timers are faked; IndexedDB (fake-indexeddb) runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      online = false;
      const engine = newEngine({ autoRetry: true });
      await engine.enqueue(addPho(1));
      online = true;
      await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS - 1);
      expect(server.calls).toEqual([]);
      server.next(() => undefined); // the GET
      server.next(() => fail(503, 'Lỗi máy chủ', 'UNAVAILABLE'));
      await vi.advanceTimersByTimeAsync(1);
      await engine.whenIdle(); // the replay the timer started
      expect(server.mutations()).toHaveLength(1);
      // First failure: again after 1 s, not before.
      server.next(() => fail(503, 'Lỗi máy chủ', 'UNAVAILABLE'));
      await vi.advanceTimersByTimeAsync(999);
      expect(server.mutations()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await engine.whenIdle();
      expect(server.mutations()).toHaveLength(2);
      // Second failure: 2 s.
      await vi.advanceTimersByTimeAsync(1999);
      expect(server.mutations()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await engine.whenIdle();
      expect(server.mutations()).toHaveLength(3);
      expect(await readOutbox(USER)).toEqual([]);
      // Nothing waits: no more timers.
      await vi.advanceTimersByTimeAsync(10 * RETRY_INTERVAL_MS);
      expect(server.calls).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off 1 s, 2 s, 4 s ... up to the 30 s replay interval', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(RETRY_INTERVAL_MS).toBe(30_000);
  });
});

describe("reconciling with the server's answer", () => {
  it('drops a refused change, re-reads the cart and names the dish in a notice', async () => {
    server.seed(TRA.id, 1);
    online = false;
    const engine = newEngine();
    await engine.enqueue(addPho(2));
    online = true;
    server.next(() => undefined); // the GET
    server.next(() => fail(409, 'Món ăn này hiện không khả dụng', 'FOOD_UNAVAILABLE'));
    await engine.sync();
    expect(notices).toEqual([
      { message: 'Món Phở bò không được thêm: Món ăn này hiện không khả dụng', tone: 'error' },
    ]);
    expect(await readOutbox(USER)).toEqual([]);
    expect(server.calls.at(-1)).toMatchObject({ method: 'GET' });
    // The screen shows the server's truth: the tea, no phở.
    expect(engine.view().items.map((l) => [l.key, l.quantity, l.pending])).toEqual([
      ['11:', 1, false],
    ]);
  });

  it.each([
    ['CART_OTHER_RESTAURANT', 409, 'Giỏ hàng đang có món của quán khác.'],
    ['RESTAURANT_PAUSED', 409, 'Nhà hàng đang tạm ngừng nhận đơn'],
    ['FOOD_NOT_FOUND', 404, 'Không tìm thấy món ăn'],
    ['TOPPING_INVALID', 400, 'Topping không thuộc món ăn này'],
    ['CART_QUANTITY_LIMIT', 400, 'Số lượng mỗi món tối đa 99'],
    ['CART_TOO_MANY_LINES', 400, 'Giỏ hàng tối đa 50 món khác nhau'],
  ])('treats %s as a refusal', async (code, status, message) => {
    const engine = newEngine();
    server.next(() => undefined);
    server.next(() => fail(status, message, code));
    await engine.enqueue(addPho(1));
    await engine.sync();
    expect(notices.map((n) => n.message)).toEqual([`Món Phở bò không được thêm: ${message}`]);
    expect(await readOutbox(USER)).toEqual([]);
  });

  it('tells an action that waits for the answer, and then shows no notice of its own', async () => {
    const engine = newEngine();
    server.next(() => undefined);
    server.next(() => fail(409, 'Nhà hàng đang tạm ngừng nhận đơn', 'RESTAURANT_PAUSED'));
    const id = await engine.enqueue(addPho(1));
    expect(await engine.outcomeOf(id, 5000)).toEqual({
      status: 'refused',
      code: 'RESTAURANT_PAUSED',
      message: 'Nhà hàng đang tạm ngừng nhận đơn',
    });
    expect(notices).toEqual([]);
  });

  it('drops the later waiting changes of a dish the server refused', async () => {
    server.seed(TRA.id, 1);
    persisted = server.cart();
    const engine = newEngine();
    await engine.enqueue(addPho(1));
    // The add is on its way when the user changes the line again (no merge into a sent op).
    let answer!: (response: Response) => void;
    server.next(() => undefined); // the GET
    server.next(() => new Promise<Response>((resolve) => (answer = resolve)));
    const replay = engine.sync();
    await vi.waitFor(() => expect(server.mutations()).toHaveLength(1));
    const view = engine.view();
    await engine.enqueue([
      removeChange(
        view,
        view.items.find((l) => l.key === '11:')!,
      ),
    ]);
    const later = engine.view();
    await engine.enqueue([
      setChange(
        later,
        later.items.find((l) => l.key === '10:')!,
        3,
      ),
    ]);
    answer(fail(409, 'Món ăn này hiện không khả dụng', 'FOOD_UNAVAILABLE'));
    await replay;
    await engine.sync();
    // One notice, not one per change; the set was not sent; the tea's removal went through.
    expect(notices.map((n) => n.message)).toEqual([
      'Món Phở bò không được thêm: Món ăn này hiện không khả dụng',
    ]);
    expect(server.mutations().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/customer/cart/add/',
      'DELETE /api/customer/cart/remove/1/',
    ]);
    expect(server.cart().items).toEqual([]);
    expect(await readOutbox(USER)).toEqual([]);
  });

  it('tells of a changed price: the server line costs more than the screen showed', async () => {
    server.setPrice(PHO.id, 55000);
    online = false;
    const engine = newEngine();
    await engine.enqueue(addPho(1, [3])); // shown at 50.000 + 5.000
    online = true;
    await engine.sync();
    expect(notices).toEqual([
      { message: 'Giá món Phở bò đã thay đổi: 55.000 ₫ → 60.000 ₫', tone: 'warning' },
    ]);
    expect(engine.view().items[0]).toMatchObject({ price: 60000, line_total: 60000 });
  });

  it('re-addresses a quantity change whose line was removed elsewhere: it adds it back', async () => {
    server.seed(PHO.id, 1);
    persisted = server.cart();
    online = false;
    const engine = newEngine();
    const view = engine.view();
    await engine.enqueue([setChange(view, view.items[0]!, 4)]);
    online = true;
    // Right after this tab read the cart, another device empties it.
    server.next(() => {
      const reply = server.reply();
      server.removeAll();
      return reply;
    });
    await engine.sync();
    const [put, add] = server.mutations().slice(-2);
    expect(put).toMatchObject({ method: 'PUT', path: '/api/customer/cart/update/1/' });
    expect(add).toMatchObject({
      method: 'POST',
      path: '/api/customer/cart/add/',
      json: { food_id: 10, quantity: 4, topping_ids: [] },
    });
    // A new key: the first one was answered (404) and must not replay that answer.
    expect(add!.key).not.toBe(put!.key);
    expect(server.cart().items.map((i) => [i.food_id, i.quantity])).toEqual([[10, 4]]);
    expect(notices).toEqual([]);
  });
});

describe('outcomes for the actions', () => {
  it('answers "waiting" at once while offline', async () => {
    online = false;
    const engine = newEngine();
    const id = await engine.enqueue(addPho(1));
    expect(await engine.outcomeOf(id, 5000)).toEqual({ status: 'waiting' });
  });

  it('answers "waiting" when the network fails, keeping the change', async () => {
    const engine = newEngine();
    server.next(() => {
      throw new TypeError('Failed to fetch');
    });
    const id = await engine.enqueue(addPho(1));
    expect(await engine.outcomeOf(id, 5000)).toEqual({ status: 'waiting' });
    expect(await readOutbox(USER)).toHaveLength(1);
  });

  it('answers "failed" when the server fails (5xx) a change made online: not kept, the cart re-read', async () => {
    server.seed(PHO.id, 2);
    persisted = server.cart();
    const engine = newEngine();
    server.next(() => undefined); // the GET before the first send
    server.next(() => {
      // Meanwhile another device set the line to 4.
      server.lines[0]!.quantity = 4;
      return fail(500, 'Lỗi máy chủ', 'INTERNAL');
    });
    const view = engine.view();
    const id = await engine.enqueue([setChange(view, view.items[0]!, 3)]);
    expect(await engine.outcomeOf(id, 5000)).toEqual({ status: 'failed' });
    await engine.whenIdle();
    expect(await readOutbox(USER)).toEqual([]);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/customer/cart/',
      'PUT /api/customer/cart/update/1/',
      'GET /api/customer/cart/',
    ]);
    expect(engine.view().items).toEqual([expect.objectContaining({ quantity: 4, pending: false })]);
    // The action says it; no second notice.
    expect(notices).toEqual([]);
  });

  it('keeps a change made offline when the server fails it later, and fails the one made online', async () => {
    server.seed(PHO.id, 1);
    persisted = server.cart();
    online = false;
    const engine = newEngine();
    await engine.enqueue(addChanges({ food: TRA, quantity: 1, topping_ids: [] }));
    online = true;
    server.failRead = fail(503, 'Lỗi máy chủ', 'UNAVAILABLE');
    const view = engine.view();
    const id = await engine.enqueue([removeChange(view, view.items[0]!)]);
    expect(await engine.outcomeOf(id, 5000)).toEqual({ status: 'failed' });
    await engine.whenIdle();
    const kept = await readOutbox(USER);
    expect(kept).toEqual([expect.objectContaining({ op: 'add', line: '11:' })]);
    expect(kept[0]!.request).toBeUndefined();
    expect(server.mutations()).toEqual([]);

    server.failRead = null;
    await engine.sync();
    expect(await readOutbox(USER)).toEqual([]);
    expect(server.cart().items.map((i) => [i.food_id, i.quantity])).toEqual([
      [10, 1],
      [11, 1],
    ]);
  });

  it('follows a change merged into a later one', async () => {
    server.seed(PHO.id, 1);
    persisted = server.cart();
    online = false;
    const engine = newEngine();
    let view = engine.view();
    const first = await engine.enqueue([setChange(view, view.items[0]!, 3)]);
    const waiting = engine.waitFor(first!, 5000);
    view = engine.view();
    await engine.enqueue([setChange(view, view.items[0]!, 5)]);
    online = true;
    await engine.sync();
    expect(await waiting).toEqual({ status: 'applied' });
    expect(server.cart().items[0]!.quantity).toBe(5);
    expect(server.mutations().filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});

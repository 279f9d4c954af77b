import { isHTTPError, type KyInstance, type KyResponse } from 'ky';
import type { Cart } from '#contract/cart';
import { EMPTY_CART } from '#contract/cart-limits';
import { vi } from '#src/i18n/first-screen';
import { RerunningFlight } from '../rerunning-flight';
import {
  applyOps,
  createOp,
  enqueueOp,
  type CartChange,
  type CartOp,
  type CartRequest,
  type CartView,
} from './cart-ops';
import { readCart } from './cart-shape';
import { readOutbox, updateOutbox } from './outbox-store';
import {
  classifyFailure,
  DISH_REFUSALS,
  opsRepeatingRefusal,
  priceChange,
  priceChangeText,
  refusalText,
  resolveRequest,
  type FailureKind,
} from './reconcile';

/** What became of one change. */
export type OpOutcome =
  | { status: 'applied' }
  /** Nothing had to be sent: the change cancelled out or the server was already there. */
  | { status: 'dropped' }
  /** `message` is the server's, when it sent one (spec section 8 prefers it). */
  | { status: 'refused'; message?: string; code?: string }
  /**
   * The server failed (5xx) while the action waited for it online: the change is not kept (only
   * a change made without a network waits in the outbox) and the cart is read again.
   */
  | { status: 'failed' }
  /** Not settled yet (offline, slow, server trouble): it stays in the outbox and syncs later. */
  | { status: 'waiting' };

/** Where the last server cart lives (the app: the persisted query cache). */
export interface CartBase {
  get(): Cart | undefined;
  /** Must take effect at once: the engine publishes the outbox right after it. */
  set(cart: Cart): void;
  /** Runs before set(), e.g. to cancel a cart fetch that would land after it with older data. */
  beforeSet?(): Promise<void>;
}

export interface CartSyncOptions {
  userId: string;
  /** The API client ('/api' prefix, bearer token, token refresh). */
  http: KyInstance;
  base: CartBase;
  /** Shows a notice the user did not wait for (a replay's refusal, a changed price). */
  notify: (message: string, tone: 'error' | 'warning') => void;
  /** False skips sending (the browser knows it is offline); the default asks navigator. */
  isOnline?: () => boolean;
  /** Read after a 401 the token refresh could not cure. */
  isSignedIn?: () => boolean;
  /** Timers that retry on their own (backoff, and every 30 s while changes wait). */
  autoRetry?: boolean;
  /** Tells the user's other tabs about outbox and cart changes (BroadcastChannel). */
  crossTab?: boolean;
  /** Groups the base update and the outbox snapshot into one notification (the app: TanStack's). */
  batch?: (run: () => void) => void;
  /** Delivers snapshot notifications (the app: TanStack's scheduler, so both arrive together). */
  schedule?: (notify: () => void) => void;
}

export interface OutboxSnapshot {
  ops: readonly CartOp[];
  /** The outbox has been read from IndexedDB. */
  loaded: boolean;
}

/** While changes wait, a replay is tried at least this often. */
export const RETRY_INTERVAL_MS = 30_000;

/** Backoff after consecutive failed replays: 1 s, 2 s, 4 s ... up to 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_INTERVAL_MS, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A set or remove whose line keeps moving is re-addressed this often, then given up. */
const MAX_READDRESS = 2;
const REMEMBERED_OUTCOMES = 200;
const CHANNEL_NAME = 'mon-ngon-cart';

type ChannelMessage =
  { userId: string; kind: 'outbox' } | { userId: string; kind: 'cart'; cart: Cart };

/** A refusal as the server sent it: its status, and its code and message when it gave them. */
interface Failure {
  status: number | null;
  code?: string;
  message?: string;
}

type SendResult =
  { kind: 'applied'; cart: Cart | null; replayed: boolean } | ({ kind: FailureKind } & Failure);

interface Waiter {
  resolve: (outcome: OpOutcome) => void;
  done: boolean;
}

/** The part of BroadcastChannel used here; the browser's and Node's typings differ. */
interface Channel {
  postMessage(message: ChannelMessage): void;
  close(): void;
  onmessage: ((event: { data: ChannelMessage }) => void) | null;
  unref?: () => void;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const localLocks = new Map<string, Promise<unknown>>();

/**
 * One replay at a time: across tabs through the Web Locks API, otherwise (older browsers,
 * Node) within this JavaScript realm. Two tabs draining one outbox would send its head twice.
 * The collection's outbox (lib/favorites/) drains under it too.
 */
export function withLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(name, run);
  const previous = localLocks.get(name) ?? Promise.resolve();
  const current = previous.then(run, run);
  localLocks.set(
    name,
    current.catch(() => undefined),
  );
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function browserOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;
}

/**
 * The durable cart outbox of one signed-in customer (design.md section 6). Every change is
 * written to IndexedDB before the caller hears back, replayed in order one at a time, and the
 * server's reply becomes the new base cart. Ops keep their Idempotency-Key across retries, so
 * a change whose reply was lost is answered from the server's record when sent again, never
 * applied twice.
 *
 * Limits: the server keeps a key's reply for 24 hours, so an add whose reply was lost and that
 * is retried only after a day offline could apply twice (sets, removes and clears are the same
 * the second time). And while such an op waits, a cart fetched meanwhile by a screen may
 * already hold it; the line shows the add twice until the retry's reply settles it.
 */
export class CartSyncEngine {
  readonly userId: string;
  readonly ready: Promise<void>;
  private readonly http: KyInstance;
  private readonly base: CartBase;
  private readonly notify: CartSyncOptions['notify'];
  private readonly isOnline: () => boolean;
  private readonly isSignedIn: () => boolean;
  private readonly autoRetry: boolean;
  private readonly batch: (run: () => void) => void;
  private readonly schedule: (notify: () => void) => void;
  private readonly channel: Channel | null;

  private snapshot: OutboxSnapshot = { ops: [], loaded: false };
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly outcomes = new Map<string, OpOutcome>();
  private readonly flight = new RerunningFlight(
    () => withLock(`mon-ngon:cart-sync:${this.userId}`, () => this.drain()),
    () => this.disposed,
    // IndexedDB refused (quota, private mode): the ops stay where they are; try later.
    () => this.retryLater(),
  );
  /** The base came from the server during this engine's life, so it can address lines. */
  private trusted = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(options: CartSyncOptions) {
    this.userId = options.userId;
    this.http = options.http;
    this.base = options.base;
    this.notify = options.notify;
    this.isOnline = options.isOnline ?? browserOnline;
    this.isSignedIn = options.isSignedIn ?? (() => true);
    this.autoRetry = options.autoRetry ?? true;
    this.batch = options.batch ?? ((run) => run());
    this.schedule = options.schedule ?? ((notify) => notify());
    this.channel =
      (options.crossTab ?? true) && typeof BroadcastChannel !== 'undefined'
        ? (new BroadcastChannel(CHANNEL_NAME) as unknown as Channel)
        : null;
    if (this.channel) {
      this.channel.onmessage = (event) => {
        void this.onChannelMessage(event.data);
      };
      // Node keeps a process alive for an open channel; a browser tab has no such notion.
      this.channel.unref?.();
    }
    this.ready = readOutbox(this.userId).then(
      (ops) => this.publish(ops),
      () => this.publish([]),
    );
  }

  // --- what the hooks read ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** The cart as the user should see it now: the server's with the waiting changes on top. */
  view(): CartView {
    return applyOps(this.base.get() ?? EMPTY_CART, this.snapshot.ops);
  }

  /**
   * The cart to decide on, e.g. whether a dish comes from another restaurant. A new engine's
   * base is the persisted copy, which may predate the last change (the cache is written a moment
   * after each change, and another device may have changed the cart since): when online it is
   * read from the server first, once per engine, waiting at most `timeoutMs`.
   */
  async decisionView(timeoutMs: number): Promise<CartView> {
    await this.ready;
    if (!this.trusted && this.isOnline()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const fresh = this.sync().then(async () => {
        if (!this.trusted && !this.disposed) await this.refresh();
      });
      await Promise.race([
        fresh.catch(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    return this.view();
  }

  // --- changes ---

  /**
   * Writes changes to the outbox, merged per line with what still waits, and resolves once
   * they are durable. Returns the id of the op that carries the last change (null when it
   * cancelled out), for outcomeOf().
   */
  async enqueue(changes: readonly CartChange[]): Promise<string | null> {
    // The first read of the outbox publishes first, never after (and over) this change.
    await this.ready;
    const base = this.base.get() ?? EMPTY_CART;
    const created = changes.map((change) => createOp(change));
    const effects = {
      carrier: null as string | null,
      merged: [] as [string, string][],
      dropped: [] as string[],
    };
    const ops = await updateOutbox(this.userId, (current) => {
      effects.carrier = null;
      effects.merged = [];
      effects.dropped = [];
      let next = current;
      for (const op of created) {
        const result = enqueueOp(next, op, base);
        next = result.ops;
        effects.carrier = result.carrier;
        for (const id of result.merged) effects.merged.push([id, result.carrier ?? id]);
        effects.dropped.push(...result.dropped);
      }
      return next;
    });
    this.publish(ops);
    for (const [from, to] of effects.merged) this.forward(from, to);
    for (const id of effects.dropped) this.settle(id, { status: 'dropped' });
    this.post({ userId: this.userId, kind: 'outbox' });
    // A change made offline still gets its periodic replay, whatever else happens.
    if (this.timer === undefined && !this.flight.current) this.later(RETRY_INTERVAL_MS);
    return effects.carrier;
  }

  /**
   * Replays the outbox now and tells what became of one op: for an action that waits for the
   * server's answer, up to `timeoutMs`, before saying the change will sync later.
   */
  async outcomeOf(id: string | null, timeoutMs: number): Promise<OpOutcome> {
    if (id === null) return { status: 'dropped' };
    if (!this.isOnline()) return { status: 'waiting' };
    const outcome = this.waitFor(id, timeoutMs);
    void this.sync();
    return outcome;
  }

  /** Resolves when the op settles, or with 'waiting' after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<OpOutcome> {
    const known = this.outcomes.get(id);
    if (known) return Promise.resolve(known);
    if (!this.snapshot.ops.some((op) => op.id === id) && this.snapshot.loaded) {
      // Not waiting and not settled here: another tab sent it.
      return Promise.resolve({ status: 'waiting' });
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        done: false,
        resolve: (outcome) => {
          if (waiter.done) return;
          waiter.done = true;
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => waiter.resolve({ status: 'waiting' }), timeoutMs);
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), waiter]);
    });
  }

  // --- replay ---

  /** Replays the outbox; joins the replay already running (which then goes round once more). */
  sync(): Promise<void> {
    return this.flight.run();
  }

  /** Resolves when no replay runs (at once when none does); starts none itself. */
  async whenIdle(): Promise<void> {
    while (this.flight.current) await this.flight.current;
  }

  /** Stops timers and the channel, and waits for a replay in progress to end. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.stopTimer();
    this.channel?.close();
    this.flushWaiters();
    await this.flight.current;
  }

  private async drain(): Promise<void> {
    this.stopTimer();
    while (!this.disposed) {
      const ops = await readOutbox(this.userId);
      this.publish(ops);
      if (ops.length === 0) {
        this.failures = 0;
        return;
      }
      if (!this.isSignedIn()) return this.flushWaiters();
      if (!this.isOnline()) {
        this.flushWaiters();
        return this.later(RETRY_INTERVAL_MS);
      }
      // A sent op goes again as it was, before any re-read: if its reply was lost, a fresh cart
      // would already hold its effect while the op still shows on top of it (an add counted
      // twice). Its (replayed) reply settles that first.
      const inFlight = ops[0]?.request !== undefined;
      if (!inFlight && !this.trusted) {
        const read = await this.refresh();
        if (read === 'server-error') await this.failAwaited(null);
        if (read !== 'ok') return this.retryLater();
      }

      const head = await this.takeHead();
      if (!head) continue;
      const result = await this.send(head.op, head.request);
      if (this.disposed) return;
      switch (result.kind) {
        case 'applied':
          await this.applied(head.op, result.cart, result.replayed);
          break;
        case 'refused':
          await this.refused(head.op, head.request, result);
          break;
        case 'line-gone':
          await this.lineGone(head.op, head.request, result);
          break;
        case 'server-error':
          // A change made offline earlier waits for a server that works again.
          if (!(await this.failAwaited(head.op))) return this.retryLater();
          break;
        case 'signed-out':
          return this.flushWaiters();
        case 'retry':
          return this.retryLater();
      }
    }
  }

  /**
   * The head op with its request. An op sent before keeps the request it was sent with; a new
   * one is addressed now and marked sent in the same transaction, so no change merges into it
   * from here on. Undefined when the head needed no request (it is settled and removed).
   */
  private async takeHead(): Promise<{ op: CartOp; request: CartRequest } | undefined> {
    const base = this.base.get() ?? EMPTY_CART;
    const picked: { head?: CartOp; request?: CartRequest; dropped?: CartOp } = {};
    const ops = await updateOutbox(this.userId, (current) => {
      picked.head = picked.request = picked.dropped = undefined;
      const first = current[0];
      if (!first) return current;
      if (first.request) {
        picked.head = first;
        picked.request = first.request;
        return current;
      }
      const request = resolveRequest(first, base);
      if (!request) {
        picked.dropped = first;
        return current.slice(1);
      }
      picked.head = { ...first, request };
      picked.request = request;
      return [picked.head, ...current.slice(1)];
    });
    this.publish(ops);
    if (picked.dropped) {
      this.settle(picked.dropped.id, { status: 'dropped' });
      this.post({ userId: this.userId, kind: 'outbox' });
    }
    return picked.head && picked.request ? { op: picked.head, request: picked.request } : undefined;
  }

  private async send(op: CartOp, request: CartRequest): Promise<SendResult> {
    let response: KyResponse;
    try {
      response = await this.http(request.path, {
        method: request.method,
        headers: { 'idempotency-key': op.key },
        throwHttpErrors: false,
        ...(request.json ? { json: request.json } : {}),
      });
    } catch {
      return { kind: 'retry', status: null };
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      return {
        kind: 'applied',
        cart: readCart(isRecord(body) ? body.data : undefined),
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    }
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
    const message =
      isRecord(body) && typeof body.message === 'string' && body.message.trim() !== ''
        ? body.message
        : undefined;
    return {
      kind: classifyFailure(response.status, code, this.isSignedIn()),
      status: response.status,
      ...(code ? { code } : {}),
      ...(message ? { message } : {}),
    };
  }

  private async applied(op: CartOp, cart: Cart | null, replayed: boolean): Promise<void> {
    this.failures = 0;
    const ops = await updateOutbox(this.userId, (current) => current.filter((o) => o.id !== op.id));
    await this.commit(cart, ops);
    // A replayed reply holds the cart as it was at the first send; the next op re-reads it.
    this.trusted = cart !== null && !replayed;
    if (cart) this.post({ userId: this.userId, kind: 'cart', cart });
    this.post({ userId: this.userId, kind: 'outbox' });
    const change = cart ? priceChange(op, cart) : null;
    if (change) this.notify(priceChangeText(change), 'warning');
    this.settle(op.id, { status: 'applied' });
  }

  /** Dropped, with the changes that would only be refused the same way; the cart re-read. */
  private async refused(op: CartOp, request: CartRequest, failure: Failure): Promise<void> {
    const { code, message } = failure;
    const base = this.base.get() ?? EMPTY_CART;
    const repeats: string[] = [];
    const ops = await updateOutbox(this.userId, (current) => {
      repeats.length = 0;
      if (code !== undefined && DISH_REFUSALS.has(code)) {
        repeats.push(...opsRepeatingRefusal(current, op, base));
      }
      return current.filter((o) => o.id !== op.id && !repeats.includes(o.id));
    });
    this.publish(ops);
    this.post({ userId: this.userId, kind: 'outbox' });
    const outcome: OpOutcome = {
      status: 'refused',
      ...(message ? { message } : {}),
      ...(code ? { code } : {}),
    };
    // Spec section 8, 'General': without a message from the server, 'HTTP {status}'.
    const said = message ?? vi.http.status(failure.status ?? 0);
    this.settle(op.id, outcome, refusalText(op, request, said));
    for (const id of repeats) this.settle(id, outcome);
    // The refusal may come from a cart that changed elsewhere: show the server's truth.
    if ((await this.refresh()) !== 'ok') this.trusted = false;
  }

  /**
   * The server failed while online. The changes someone waits for right now (the actions made
   * online: `sent`, the op it failed, and those not sent yet) are taken out of the outbox and
   * answered 'failed', so the user hears the spec's error and sees the server's cart, re-read
   * unless `sent` is null (the read itself just failed). Changes made offline stay for a
   * later replay. True when `sent` was among those taken out.
   */
  private async failAwaited(sent: CartOp | null): Promise<boolean> {
    const awaited = (op: CartOp) =>
      (op.id === sent?.id || op.request === undefined) &&
      (this.waiters.get(op.id) ?? []).some((waiter) => !waiter.done);
    const failed: string[] = [];
    const ops = await updateOutbox(this.userId, (current) => {
      failed.length = 0;
      failed.push(...current.filter(awaited).map((op) => op.id));
      return current.filter((op) => !failed.includes(op.id));
    });
    this.publish(ops);
    if (failed.length === 0) return false;
    this.post({ userId: this.userId, kind: 'outbox' });
    for (const id of failed) this.settle(id, { status: 'failed' });
    if (sent && (await this.refresh()) !== 'ok') this.trusted = false;
    return sent !== null && failed.includes(sent.id);
  }

  /**
   * The server line a set or remove was addressed to is gone (changed in another tab or
   * device). The op gets a new key and is addressed again from a fresh cart: a remove then
   * finds nothing left to do, a set adds the line back with its quantity.
   */
  private async lineGone(op: CartOp, request: CartRequest, failure: Failure): Promise<void> {
    if ((op.readdressed ?? 0) >= MAX_READDRESS) {
      await this.refused(op, request, failure);
      return;
    }
    const ops = await updateOutbox(this.userId, (current) =>
      current.map((o) => {
        if (o.id !== op.id) return o;
        const { request: _sent, ...rest } = o;
        return { ...rest, key: crypto.randomUUID(), readdressed: (o.readdressed ?? 0) + 1 };
      }),
    );
    this.publish(ops);
    this.trusted = false;
  }

  /**
   * GET the cart; 'ok' when it is the new base, 'server-error' when the server answered with a
   * failure (5xx), 'failed' otherwise (no answer, an unreadable reply).
   */
  private async refresh(): Promise<'ok' | 'server-error' | 'failed'> {
    try {
      const reply = await this.http.get('customer/cart/').json<unknown>();
      const cart = readCart(isRecord(reply) ? reply.data : undefined);
      if (!cart) return 'failed';
      await this.commit(cart, null);
      this.trusted = true;
      return 'ok';
    } catch (error) {
      return isHTTPError(error) && error.response.status >= 500 ? 'server-error' : 'failed';
    }
  }

  /** The new base and the outbox reach the screen together: never one without the other. */
  private async commit(cart: Cart | null, ops: CartOp[] | null): Promise<void> {
    if (cart) await this.base.beforeSet?.();
    this.batch(() => {
      if (cart) this.base.set(cart);
      if (ops) this.publish(ops);
    });
  }

  private retryLater(): void {
    this.failures += 1;
    this.flushWaiters();
    this.later(retryDelay(this.failures));
  }

  private later(delayMs: number): void {
    this.stopTimer();
    if (!this.autoRetry || this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sync();
    }, delayMs);
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  // --- outcomes ---

  private settle(id: string, outcome: OpOutcome, notice?: string): void {
    this.outcomes.set(id, outcome);
    if (this.outcomes.size > REMEMBERED_OUTCOMES) {
      const oldest = this.outcomes.keys().next().value;
      if (oldest !== undefined) this.outcomes.delete(oldest);
    }
    const waiting = (this.waiters.get(id) ?? []).filter((waiter) => !waiter.done);
    this.waiters.delete(id);
    for (const waiter of waiting) waiter.resolve(outcome);
    // Whoever waited shows the action's own message; otherwise the change was made earlier.
    if (waiting.length === 0 && notice) this.notify(notice, 'error');
  }

  private forward(from: string, to: string): void {
    const waiting = (this.waiters.get(from) ?? []).filter((waiter) => !waiter.done);
    this.waiters.delete(from);
    if (waiting.length > 0) this.waiters.set(to, [...(this.waiters.get(to) ?? []), ...waiting]);
  }

  /** Nobody waits for a stalled replay: the actions say the change will sync later. */
  private flushWaiters(): void {
    const all = [...this.waiters.values()].flat();
    this.waiters.clear();
    for (const waiter of all) waiter.resolve({ status: 'waiting' });
  }

  // --- snapshot and other tabs ---

  private publish(ops: readonly CartOp[]): void {
    if (this.snapshot.loaded && this.snapshot.ops === ops) return;
    this.snapshot = { ops, loaded: true };
    this.schedule(() => {
      for (const listener of this.listeners) listener();
    });
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (the engine is going away) has nobody left to tell.
    }
  }

  private async onChannelMessage(message: ChannelMessage): Promise<void> {
    if (this.disposed || message.userId !== this.userId) return;
    if (message.kind === 'cart') {
      const cart = readCart(message.cart);
      if (cart) await this.commit(cart, null);
      return;
    }
    this.publish(await readOutbox(this.userId));
  }
}

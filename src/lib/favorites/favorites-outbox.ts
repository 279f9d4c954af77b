import { get, update } from 'idb-keyval';
import type { KyInstance } from 'ky';
import type { Dish, SearchRestaurant } from '#contract/catalogue';
import type { FavoriteKind } from '#contract/favorites';
import { vi } from '#src/i18n/first-screen';
import { outboxStore } from '../cart/outbox-store';
import { withLock } from '../cart/sync-engine';
import { newIdempotencyKey } from '../idempotency-key';
import { RerunningFlight } from '../rerunning-flight';

/**
 * The hearts' outbox: the customer's last intent per dish and per restaurant (save or unsave)
 * that the server has not confirmed yet. Every press goes through it, online or not, so the
 * collection shows the press at once (the server's collection with the intents on top) and a
 * press made offline survives a reload and is sent when the network comes back.
 *
 * Unlike the cart's ordered ops, an intent replaces the one before it for the same item: the
 * server's PUT and DELETE are idempotent, so only the last one matters. The record lives in the
 * cart's IndexedDB store (one clear on sign-out) and drains under the cart's lock helper, one
 * tab at a time.
 */

/** What the item looked like when it was saved: shown at the top of the collection at once. */
export type FavoriteEntry = Dish | SearchRestaurant;

export interface FavoriteIntent {
  kind: FavoriteKind;
  id: number;
  saved: boolean;
  /** Sent with every try of this intent, so a reply lost on the way is not applied twice. */
  key: string;
  /** Present when a save was pressed where the whole item was known (a card, the dish page). */
  entry?: FavoriteEntry;
}

export interface FavoritesSnapshot {
  intents: readonly FavoriteIntent[];
  loaded: boolean;
}

export interface FavoritesOutboxOptions {
  userId: string;
  http: KyInstance;
  /** The server took the intent: the collection can follow it. */
  onApplied: (intent: FavoriteIntent) => void;
  /** The server refused the intent (404, 409 full): it is dropped, so the heart goes back. */
  onRefused: (intent: FavoriteIntent, message: string) => void;
  /** Presses shown here were settled by another tab: the collection must be read again. */
  onSettledElsewhere: () => void;
  isOnline?: () => boolean;
  /** While intents wait for a server that failed, a replay is tried this often. */
  retryMs?: number;
  /**
   * Groups the collection's update with the removal of the intent it followed (the app:
   * TanStack's batch and scheduler), so the heart never shows the older collection between.
   */
  batch?: (run: () => void) => void;
  schedule?: (notify: () => void) => void;
}

export const favoriteId = (kind: FavoriteKind, id: number) => `${kind}:${id}`;

const recordKey = (userId: string) => `favorites:${userId}`;

function isIntent(value: unknown): value is FavoriteIntent {
  if (typeof value !== 'object' || value === null) return false;
  const intent = value as Record<string, unknown>;
  return (
    (intent.kind === 'foods' || intent.kind === 'restaurants') &&
    Number.isInteger(intent.id) &&
    typeof intent.saved === 'boolean' &&
    typeof intent.key === 'string'
  );
}

const readIntents = (value: unknown): FavoriteIntent[] =>
  Array.isArray(value) ? value.filter(isIntent) : [];

function browserOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;
}

/** A final answer of the server about this intent, as opposed to trouble worth a retry. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export class FavoritesOutbox {
  readonly userId: string;
  readonly ready: Promise<void>;
  private readonly http: KyInstance;
  private readonly options: FavoritesOutboxOptions;
  private readonly isOnline: () => boolean;
  private snapshot: FavoritesSnapshot = { intents: [], loaded: false };
  private readonly listeners = new Set<() => void>();
  private readonly flight = new RerunningFlight(
    () => withLock(`mon-ngon:favorites-sync:${this.userId}`, () => this.drain()),
    () => this.disposed,
  );
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(options: FavoritesOutboxOptions) {
    this.userId = options.userId;
    this.http = options.http;
    this.options = options;
    this.isOnline = options.isOnline ?? browserOnline;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.replay);
      document.addEventListener('visibilitychange', this.onVisibility);
    }
    // A press made before the stored ones were read stays on top of them.
    this.ready = this.read().then(
      (stored) => this.publish(this.merge(stored, this.snapshot.intents)),
      () => this.publish(this.snapshot.intents),
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FavoritesSnapshot => this.snapshot;

  /** Records the press (replacing any earlier one for the item) and sends it when it can. */
  async toggle(kind: FavoriteKind, id: number, saved: boolean, entry?: FavoriteEntry) {
    const intent: FavoriteIntent = {
      kind,
      id,
      saved,
      key: newIdempotencyKey(),
      ...(saved && entry ? { entry } : {}),
    };
    // Shown before IndexedDB answers: the heart must follow the finger.
    this.publish(this.replace(this.snapshot.intents, intent));
    try {
      await this.change((intents) => this.replace(intents, intent));
    } catch {
      // No IndexedDB (private mode): the press is still sent from memory below.
    }
    await this.sync();
  }

  // The moments a press left waiting is worth another try: the network is back, the tab is seen.
  private readonly replay = () => void this.sync();
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.replay();
  };

  /** Sends what waits; joins the replay already running (which then goes round once more). */
  sync(): Promise<void> {
    return this.flight.run();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.timer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.replay);
      document.removeEventListener('visibilitychange', this.onVisibility);
    }
    await this.flight.current;
  }

  private merge(
    stored: readonly FavoriteIntent[],
    pressed: readonly FavoriteIntent[],
  ): readonly FavoriteIntent[] {
    return pressed.reduce<FavoriteIntent[]>(
      (all, intent) => this.replace(all, intent),
      [...stored],
    );
  }

  private replace(intents: readonly FavoriteIntent[], intent: FavoriteIntent): FavoriteIntent[] {
    const id = favoriteId(intent.kind, intent.id);
    return [...intents.filter((other) => favoriteId(other.kind, other.id) !== id), intent];
  }

  private async read(): Promise<FavoriteIntent[]> {
    return readIntents(await get<unknown>(recordKey(this.userId), outboxStore()));
  }

  private async change(
    edit: (intents: FavoriteIntent[]) => FavoriteIntent[],
  ): Promise<FavoriteIntent[]> {
    let result: FavoriteIntent[] = [];
    await update<unknown>(
      recordKey(this.userId),
      (value) => {
        result = edit(readIntents(value));
        return result;
      },
      outboxStore(),
    );
    this.publish(result);
    return result;
  }

  /** The intents but this one; a newer press of the same item has another key and stays. */
  private without(intents: readonly FavoriteIntent[], intent: FavoriteIntent): FavoriteIntent[] {
    return intents.filter((other) => other.key !== intent.key);
  }

  /** Takes the intent out, unless a newer press replaced it while it was on its way. */
  private async settle(intent: FavoriteIntent): Promise<void> {
    this.publish(this.without(this.snapshot.intents, intent));
    await this.change((intents) => this.without(intents, intent)).catch(() => undefined);
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const stored = await this.read().catch(() => null);
    // Without IndexedDB the presses of this tab are all there is.
    const intents = stored ?? [...this.snapshot.intents];
    if (stored) {
      const keys = new Set(stored.map((intent) => intent.key));
      const elsewhere = this.snapshot.intents.some((intent) => !keys.has(intent.key));
      this.publish(stored);
      if (elsewhere) this.options.onSettledElsewhere();
    }
    for (const intent of intents) {
      if (this.disposed || !this.isOnline()) return;
      const result = await this.send(intent);
      if (this.disposed) return;
      if (result.kind === 'applied') {
        const batch = this.options.batch ?? ((run: () => void) => run());
        batch(() => {
          this.options.onApplied(intent);
          this.publish(this.without(this.snapshot.intents, intent), true);
        });
        await this.settle(intent);
      } else if (result.kind === 'refused') {
        await this.settle(intent);
        this.options.onRefused(intent, result.message);
      } else {
        // No answer or a server in trouble: everything waits for the next chance.
        this.retryLater();
        return;
      }
    }
  }

  private async send(
    intent: FavoriteIntent,
  ): Promise<{ kind: 'applied' } | { kind: 'refused'; message: string } | { kind: 'retry' }> {
    try {
      const response = await this.http(`customer/favorites/${intent.kind}/${intent.id}/`, {
        method: intent.saved ? 'put' : 'delete',
        headers: { 'idempotency-key': intent.key },
        throwHttpErrors: false,
      });
      if (response.ok) return { kind: 'applied' };
      if (!isRefusal(response.status)) return { kind: 'retry' };
      const body: unknown = await response.json().catch(() => undefined);
      const message =
        typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
      // Spec section 8, 'General': without a message from the server, 'HTTP {status}'.
      return typeof message === 'string' && message.trim() !== ''
        ? { kind: 'refused', message }
        : { kind: 'refused', message: vi.http.status(response.status) };
    } catch {
      return { kind: 'retry' };
    }
  }

  private retryLater(): void {
    clearTimeout(this.timer);
    if (this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sync();
    }, this.options.retryMs ?? 30_000);
  }

  /** `scheduled`: the listeners hear of it with the query cache's own notifications. */
  private publish(intents: readonly FavoriteIntent[], scheduled = false): void {
    if (this.snapshot.loaded && this.snapshot.intents === intents) return;
    this.snapshot = { intents, loaded: true };
    const notify = () => {
      for (const listener of this.listeners) listener();
    };
    if (scheduled && this.options.schedule) this.options.schedule(notify);
    else notify();
  }
}

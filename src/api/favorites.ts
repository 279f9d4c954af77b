import {
  notifyManager,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { Dish, SearchRestaurant } from '#contract/catalogue';
import type { FavoriteKind, Favorites } from '#contract/favorites';
import { cartOwnerId } from '../lib/cart/cart-session';
import {
  favoriteId,
  FavoritesOutbox,
  type FavoriteEntry,
  type FavoriteIntent,
  type FavoritesSnapshot,
} from '../lib/favorites/favorites-outbox';
import { http, type ApiReply } from '../lib/http';
import { locationStore, type UserLocation } from '../lib/location';
import { persistedQuery } from '../lib/query-client';
import { session } from '../lib/session';
import { toast } from '../lib/toast';
import { useStoreValue } from '../lib/use-store-value';

/**
 * The customer's collection (GET /api/customer/favorites/): one query that the hearts (pressed
 * = the id is in it) and /collections share, persisted so the screen reads offline. Presses go
 * through the hearts' outbox (lib/favorites/) and show on top of it at once.
 */

/** Prefix of every collection query (one per location the dishes' distances are from). */
export const FAVORITES_QUERY_KEY = ['favorites'] as const;

type Location = Pick<UserLocation, 'lat' | 'lon'> | null;

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

export async function getFavorites(location: Location, signal?: AbortSignal): Promise<Favorites> {
  const searchParams = location ? { lat: location.lat, lon: location.lon } : undefined;
  const reply = await http
    .get('customer/favorites/', { signal, ...(searchParams ? { searchParams } : {}) })
    .json<ApiReply<Partial<Favorites>>>();
  const data = reply.data;
  if (!data || !isList(data.foods) || !isList(data.restaurants)) {
    throw new Error('Favorites reply of another shape');
  }
  return { foods: data.foods, restaurants: data.restaurants };
}

export function favoritesQuery(location: Location) {
  return queryOptions({
    queryKey: [
      ...FAVORITES_QUERY_KEY,
      location ? { lat: location.lat, lon: location.lon } : null,
    ] as const,
    queryFn: ({ signal }) => getFavorites(location, signal),
    ...persistedQuery,
  });
}

/** The server's collection with the presses it has not confirmed yet on top. */
export function applyIntents(base: Favorites, intents: readonly FavoriteIntent[]): Favorites {
  if (intents.length === 0) return base;
  const pending = new Map(intents.map((intent) => [favoriteId(intent.kind, intent.id), intent]));
  const keep = (kind: FavoriteKind) => (item: { id: number }) =>
    pending.get(favoriteId(kind, item.id))?.saved !== false;
  const foods = base.foods.filter(keep('foods'));
  const restaurants = base.restaurants.filter(keep('restaurants'));
  // The latest press comes last in the outbox and goes first in the collection.
  for (const intent of intents) {
    if (!intent.saved || !intent.entry) continue;
    if (intent.kind === 'foods' && !foods.some((food) => food.id === intent.id)) {
      foods.unshift(intent.entry as Dish);
    }
    if (intent.kind === 'restaurants' && !restaurants.some((r) => r.id === intent.id)) {
      restaurants.unshift(intent.entry as SearchRestaurant);
    }
  }
  return { foods, restaurants };
}

/** The server took a press: the cached collection follows it until the refetch lands. */
function followIntent(data: Favorites | undefined, intent: FavoriteIntent): Favorites | undefined {
  if (!data) return data;
  return applyIntents(data, [intent]);
}

const outboxes = new WeakMap<QueryClient, Map<string, FavoritesOutbox>>();
/** Every outbox made, with what takes it out of `outboxes` again. */
const live = new Map<FavoritesOutbox, () => void>();

function createOutbox(queryClient: QueryClient, userId: string): FavoritesOutbox {
  queryClient.setQueryDefaults(FAVORITES_QUERY_KEY, persistedQuery);
  return new FavoritesOutbox({
    userId,
    http,
    onApplied: (intent) => {
      queryClient.setQueriesData<Favorites>({ queryKey: FAVORITES_QUERY_KEY }, (data) =>
        followIntent(data, intent),
      );
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
    batch: (run) => notifyManager.batch(run),
    schedule: (notify) => notifyManager.schedule(notify),
    onSettledElsewhere: () => void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
    onRefused: (_intent, message) => {
      toast.error(message);
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
  });
}

/** The customer's outbox in this query client, made on first use. */
export function favoritesOutboxFor(queryClient: QueryClient, userId: string): FavoritesOutbox {
  let byUser = outboxes.get(queryClient);
  if (!byUser) {
    byUser = new Map();
    outboxes.set(queryClient, byUser);
  }
  let outbox = byUser.get(userId);
  if (!outbox) {
    outbox = createOutbox(queryClient, userId);
    byUser.set(userId, outbox);
    const registry = byUser;
    live.set(outbox, () => registry.delete(userId));
  }
  return outbox;
}

/** The signed-in customer's outbox; null for staff-level users and when signed out. */
export function useFavoritesOutbox(): FavoritesOutbox | null {
  const { user } = useSnapshot(session);
  const queryClient = useQueryClient();
  const userId = cartOwnerId(user);
  if (typeof window === 'undefined') return null;
  return userId === null ? null : favoritesOutboxFor(queryClient, userId);
}

const EMPTY: Favorites = { foods: [], restaurants: [] };
const EMPTY_SNAPSHOT: FavoritesSnapshot = { intents: [], loaded: true };
const noSubscription = () => () => {};
const emptySnapshot = () => EMPTY_SNAPSHOT;

export interface UseFavoritesResult {
  /** Null for staff and signed-out users: they have no collection and see no heart. */
  outbox: FavoritesOutbox | null;
  favorites: Favorites;
  isPending: boolean;
  /** The last read's failure; the persisted collection still shows when there is one. */
  error: Error | null;
  refetch: () => void;
  isSaved: (kind: FavoriteKind, id: number) => boolean;
  toggle: (kind: FavoriteKind, id: number, entry?: FavoriteEntry) => void;
}

/**
 * The collection as the customer should see it, and the hearts' press. `fresh`: read the
 * server's again whenever the caller mounts (the collection screen: another device may have
 * changed it, and a persisted copy counts as fresh for a minute); the hearts do not, or every
 * card scrolled into view would read it again.
 */
export function useFavorites({ fresh = false }: { fresh?: boolean } = {}): UseFavoritesResult {
  const outbox = useFavoritesOutbox();
  const { current } = useSnapshot(locationStore);
  const location = current ? { lat: current.lat, lon: current.lon } : null;
  const query = useQuery({
    ...favoritesQuery(location),
    enabled: outbox !== null,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
  const snapshot = useStoreValue(
    outbox ? outbox.subscribe : noSubscription,
    outbox ? outbox.getSnapshot : emptySnapshot,
  );
  const base = outbox ? query.data : undefined;
  const favorites = useMemo(
    () => applyIntents(base ?? EMPTY, snapshot.intents),
    [base, snapshot.intents],
  );
  const saved = useMemo(
    () =>
      new Set([
        ...favorites.foods.map((food) => favoriteId('foods', food.id)),
        ...favorites.restaurants.map((restaurant) => favoriteId('restaurants', restaurant.id)),
        ...snapshot.intents.filter((i) => i.saved).map((i) => favoriteId(i.kind, i.id)),
      ]),
    [favorites, snapshot.intents],
  );
  const isSaved = useCallback(
    (kind: FavoriteKind, id: number) => saved.has(favoriteId(kind, id)),
    [saved],
  );
  const toggle = useCallback(
    (kind: FavoriteKind, id: number, entry?: FavoriteEntry) => {
      if (!outbox) return;
      void outbox.toggle(kind, id, !saved.has(favoriteId(kind, id)), entry);
    },
    [outbox, saved],
  );
  const { refetch } = query;
  return {
    outbox,
    favorites,
    isPending: outbox !== null && (query.isPending || !snapshot.loaded),
    error: outbox ? query.error : null,
    refetch: useCallback(() => void refetch(), [refetch]),
    isSaved,
    toggle,
  };
}

/**
 * Sends the presses of `userId` left waiting by an earlier visit (the outbox itself listens for
 * the network's return and the tab's coming back). Called by the app provider at start and for
 * each customer signed in, once this module has loaded after the first screen.
 */
export function syncFavoritesOf(queryClient: QueryClient, userId: string): void {
  const outbox = favoritesOutboxFor(queryClient, userId);
  void outbox.ready.then(() => outbox.sync());
}

// Signing out stops every outbox; the cart runtime empties the store they share.
subscribeKey(session, 'user', (user) => {
  if (user) return;
  const stopping = [...live];
  live.clear();
  for (const [outbox, forget] of stopping) {
    forget();
    void outbox.dispose();
  }
});

import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { FAVORITE_FOODS_FULL_MESSAGE } from '#contract/favorites';
import { FavoriteButton } from '#src/components/favorite-button';
import { vi as text } from '#src/i18n/vi';
import { clearLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp, renderWithProviders } from '../setup/render';
import { FakeFavorites, makeRestaurant, signInCustomer } from './favorites-fake-api';
import { dishPage, makeDish } from './home-fake-api';

/**
 * The browser says it has no network. No 'offline' event: TanStack Query would pause the
 * screens' reads, which in the app show the persisted cache instead; the fake server answers
 * them, and the hearts' outbox reads navigator.onLine as the app's does.
 */
function goOffline() {
  vitest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
}

function goOnline() {
  vitest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/**
 * The heart on the home's dish cards: its label and pressed state, the press shown before the
 * server answers, the revert on a refusal, and the presses made offline: kept across a reload,
 * sent once when the network returns, the last press per dish winning.
 */

const t = text.favorites;
const DISHES = [
  makeDish({ id: 1, name: 'Phở bò tái' }),
  makeDish({ id: 2, name: 'Bún chả Hà Nội' }),
  makeDish({ id: 3, name: 'Bánh mì pate' }),
];

// The press reaches the screen through IndexedDB and the outbox: give a busy machine time.
configure({ asyncUtilTimeout: 4000 });

function homeApi(server: FakeFavorites, routes: Record<string, ApiHandler> = {}) {
  return stubApi({
    'GET /api/food/': () => ok(dishPage(DISHES, 1, 1)),
    'GET /api/category/': () => ok([]),
    'GET /api/customer/cart/': () =>
      ok({ restaurant_id: null, restaurant_name: null, items: [], item_count: 0, subtotal: 0 }),
    ...server.routes(),
    ...routes,
  });
}

const cardOf = (name: string) =>
  screen
    .getAllByRole('article')
    .find((card) => within(card).queryByRole('link', { name }) !== null)!;
const heartOf = (name: string) => within(cardOf(name)).getByRole('button', { name: t.saveFood });

async function openHome(server: FakeFavorites, routes: Record<string, ApiHandler> = {}) {
  const api = homeApi(server, routes);
  signInCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/');
  await screen.findByRole('link', { name: 'Bún chả Hà Nội' }, { timeout: 5000 });
  // The collection has loaded once its hearts say so.
  await waitFor(() => expect(api.callsTo('GET /api/customer/favorites/')).not.toHaveLength(0));
  return { api, user, ...rendered };
}

const catalogue = () => ({ foods: DISHES, restaurants: [makeRestaurant()] });

beforeAll(async () => {
  await import('#src/features/home/pages/home-page');
  await import('#src/features/collections/pages/collections-page');
}, 30_000);

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

afterEach(() => {
  clearLocation();
});

describe('the heart on a dish card', () => {
  it('keeps its label and says by aria-pressed whether the dish is saved', async () => {
    await openHome(new FakeFavorites(catalogue(), { foods: [2] }));
    await waitFor(() => expect(heartOf('Bún chả Hà Nội')).toHaveAttribute('aria-pressed', 'true'));
    expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'false');
    expect(heartOf('Bánh mì pate')).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns at once, before the server answers, and the dish tops the collection', async () => {
    const server = new FakeFavorites(catalogue(), { foods: [3] });
    let answer: () => void = () => {};
    const save = server.routes()['PUT /api/customer/favorites/foods/1/']!;
    const { api, user, router } = await openHome(server, {
      'PUT /api/customer/favorites/foods/1/': (call) =>
        new Promise((resolve) => {
          answer = () => void Promise.resolve(save(call)).then(resolve);
        }),
    });
    await waitFor(() => expect(heartOf('Bánh mì pate')).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heartOf('Phở bò tái'));
    expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(api.callsTo('PUT /api/customer/favorites/foods/1/')).toHaveLength(1),
    );
    expect(api.lastCallTo('PUT /api/customer/favorites/foods/1/').idempotencyKey).toMatch(/\S/);
    answer();
    await act(() => router.navigate('/collections'));
    const grid = await screen.findByRole('tabpanel', { name: text.collections.foodsTab });
    const names = within(grid)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Phở bò tái', 'Bánh mì pate']);
  });

  it("goes back and shows the server's message when the collection is full", async () => {
    const server = new FakeFavorites(catalogue());
    server.refuse('foods', 2, {
      status: 409,
      code: 'FAVORITES_FULL',
      message: FAVORITE_FOODS_FULL_MESSAGE,
    });
    const { user } = await openHome(server);
    await user.click(heartOf('Bún chả Hà Nội'));
    expect(await screen.findByText(FAVORITE_FOODS_FULL_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(heartOf('Bún chả Hà Nội')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getAllByText(FAVORITE_FOODS_FULL_MESSAGE)).toHaveLength(1);
  });

  it('takes a dish out with DELETE', async () => {
    const server = new FakeFavorites(catalogue(), { foods: [1] });
    const { api, user } = await openHome(server);
    await waitFor(() => expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heartOf('Phở bò tái'));
    expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/customer/favorites/foods/1/')).toHaveLength(1),
    );
    expect(server.foods).toEqual([]);
  });
});

describe('who gets a heart', () => {
  it.each(['staff', 'owner', 'admin'])('no heart for %s', (role) => {
    setSession({ user: { id: 3, name: 'Đức', role }, tokens: { access_token: 'a' } });
    renderWithProviders(<FavoriteButton kind="foods" id={1} />);
    expect(screen.queryByRole('button', { name: t.saveFood })).not.toBeInTheDocument();
  });

  it('no heart when signed out', () => {
    renderWithProviders(<FavoriteButton kind="restaurants" id={1} />);
    expect(screen.queryByRole('button', { name: t.saveRestaurant })).not.toBeInTheDocument();
  });
});

describe('a heart pressed offline', { timeout: 20_000 }, () => {
  it('is kept across a reload and sent once when the network returns', async () => {
    const server = new FakeFavorites(catalogue());
    const first = await openHome(server);
    goOffline();
    await first.user.click(heartOf('Bánh mì pate'));
    expect(heartOf('Bánh mì pate')).toHaveAttribute('aria-pressed', 'true');

    // A reload: a new app over the same IndexedDB, still offline.
    first.unmount();
    const second = await openHome(server);
    await waitFor(() => expect(heartOf('Bánh mì pate')).toHaveAttribute('aria-pressed', 'true'));
    expect(second.api.callsTo('PUT /api/customer/favorites/foods/3/')).toHaveLength(0);

    goOnline();
    await waitFor(() => expect(server.foods).toEqual([3]));
    const sent = second.api.callsTo('PUT /api/customer/favorites/foods/3/');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toMatch(/\S/);
    // Another 'online' finds nothing left to send.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(heartOf('Bánh mì pate')).toHaveAttribute('aria-pressed', 'true'));
    expect(second.api.callsTo('PUT /api/customer/favorites/foods/3/')).toHaveLength(1);
  });

  it('sends only the last press of a dish', async () => {
    const server = new FakeFavorites(catalogue());
    const { api, user } = await openHome(server);
    goOffline();
    await user.click(heartOf('Phở bò tái'));
    await user.click(heartOf('Phở bò tái'));
    expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'false');
    goOnline();
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/customer/favorites/foods/1/')).toHaveLength(1),
    );
    expect(api.callsTo('PUT /api/customer/favorites/foods/1/')).toHaveLength(0);
    expect(server.foods).toEqual([]);
    expect(heartOf('Phở bò tái')).toHaveAttribute('aria-pressed', 'false');
  });

  it("goes back with the server's message, once, when the replay is refused", async () => {
    const server = new FakeFavorites(catalogue());
    server.refuse('foods', 2, {
      status: 404,
      code: 'FOOD_NOT_FOUND',
      message: 'Không tìm thấy món ăn',
    });
    const { api, user } = await openHome(server);
    goOffline();
    await user.click(heartOf('Bún chả Hà Nội'));
    expect(heartOf('Bún chả Hà Nội')).toHaveAttribute('aria-pressed', 'true');
    goOnline();
    expect(await screen.findByText('Không tìm thấy món ăn')).toBeInTheDocument();
    await waitFor(() => expect(heartOf('Bún chả Hà Nội')).toHaveAttribute('aria-pressed', 'false'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(api.callsTo('GET /api/customer/favorites/').length).toBeGreaterThan(1),
    );
    expect(api.callsTo('PUT /api/customer/favorites/foods/2/')).toHaveLength(1);
    expect(screen.getAllByText('Không tìm thấy món ăn')).toHaveLength(1);
  });
});

import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { clearLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { ok, stubApi } from '../setup/fake-api';
import { createTestQueryClient, renderApp } from '../setup/render';
import { FakeFavorites, HANOI, makeRestaurant, signInCustomer } from './favorites-fake-api';
import { makeDish } from './home-fake-api';

/**
 * /collections: the customer's saved dishes and restaurants in two tabs (the choice in the
 * URL), the home's dish cards and the search's restaurant cards, and the empty states.
 */

const t = text.collections;

configure({ asyncUtilTimeout: 4000 });

const DISHES = [
  makeDish({ id: 1, name: 'Phở bò tái' }),
  makeDish({ id: 2, name: 'Bún chả Hà Nội', available: false }),
];
const RESTAURANTS = [
  makeRestaurant({ id: 3 }),
  makeRestaurant({ id: 4, name: 'Bún Chả Hương Liên', searched_foods: [] }),
];

async function openCollections(
  server: FakeFavorites,
  path = '/collections',
  queryClient = createTestQueryClient(),
) {
  const api = stubApi({
    'GET /api/customer/cart/': () =>
      ok({ restaurant_id: null, restaurant_name: null, items: [], item_count: 0, subtotal: 0 }),
    ...server.routes(),
  });
  signInCustomer();
  const user = userEvent.setup();
  const rendered = renderApp(path, { queryClient });
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByText(t.loading)).not.toBeInTheDocument());
  return { api, user, ...rendered };
}

const catalogue = { foods: DISHES, restaurants: RESTAURANTS };

beforeAll(async () => {
  await import('#src/features/collections/pages/collections-page');
}, 30_000);

beforeEach(() => {
  logout();
  act(() => notifications.clean());
});

afterEach(() => {
  clearLocation();
});

describe('the collection screen', () => {
  it('shows the saved dishes as the home does, with add-to-cart and a pressed heart', async () => {
    const { api } = await openCollections(new FakeFavorites(catalogue, { foods: [2, 1] }));
    const tab = screen.getByRole('tab', { name: t.foodsTab });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: t.foodsTab });
    const cards = within(panel).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bún chả Hà Nội',
      'Phở bò tái',
    ]);
    expect(within(cards[1]!).getByRole('link', { name: 'Phở bò tái' })).toHaveAttribute(
      'href',
      '/food/1',
    );
    expect(
      within(cards[1]!).getByRole('button', { name: text.cart.addNamed('Phở bò tái') }),
    ).toBeInTheDocument();
    // Sold out: no add button, the heart stays.
    expect(within(cards[0]!).getByText(text.dishCard.soldOut)).toBeInTheDocument();
    expect(
      within(cards[0]!).queryByRole('button', { name: text.cart.addNamed('Bún chả Hà Nội') }),
    ).not.toBeInTheDocument();
    for (const card of cards) {
      expect(within(card).getByRole('button', { name: text.favorites.saveFood })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    // The dishes' distances are from the customer's place.
    const read = api.lastCallTo('GET /api/customer/favorites/');
    expect(read.query.get('lat')).toBe(String(HANOI.lat));
    expect(read.query.get('lon')).toBe(String(HANOI.lon));
  });

  it('takes a dish out of the list at once when its heart is pressed', async () => {
    const server = new FakeFavorites(catalogue, { foods: [1, 2] });
    const { user } = await openCollections(server);
    const panel = screen.getByRole('tabpanel', { name: t.foodsTab });
    const card = within(panel)
      .getAllByRole('article')
      .find((item) => within(item).queryByRole('link', { name: 'Phở bò tái' }))!;
    await user.click(within(card).getByRole('button', { name: text.favorites.saveFood }));
    expect(within(panel).queryByRole('link', { name: 'Phở bò tái' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.foods).toEqual([2]));
  });

  it('shows the saved restaurants as the search does, each with a pressed heart', async () => {
    const { user } = await openCollections(new FakeFavorites(catalogue, { restaurants: [4, 3] }));
    await user.click(screen.getByRole('tab', { name: t.restaurantsTab }));
    expect(screen.getByRole('tab', { name: t.restaurantsTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel', { name: t.restaurantsTab });
    const names = within(panel)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Bún Chả Hương Liên', 'Phở Thìn Lò Đúc']);
    expect(within(panel).getByRole('link', { name: /Phở Thìn Lò Đúc/ })).toHaveAttribute(
      'href',
      '/restaurant/3',
    );
    const hearts = within(panel).getAllByRole('button', { name: text.favorites.saveRestaurant });
    expect(hearts.map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    // The best sellers under the restaurant, with their own hearts and add buttons.
    const foods = within(panel).getByRole('list', {
      name: text.search.matchingFoods('Phở Thìn Lò Đúc'),
    });
    expect(within(foods).getByRole('link', { name: 'Phở bò tái lăn' })).toHaveAttribute(
      'href',
      '/food/31',
    );
    expect(
      within(foods).getByRole('button', { name: text.cart.addNamed('Phở bò tái lăn') }),
    ).toBeInTheDocument();
  });

  it('opens the restaurants tab from ?tab=restaurants and keeps it in the location', async () => {
    const { router, user } = await openCollections(
      new FakeFavorites(catalogue, { restaurants: [3] }),
      '/collections?tab=restaurants',
    );
    expect(screen.getByRole('tab', { name: t.restaurantsTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: t.foodsTab }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: t.restaurantsTab }));
    expect(router.state.location.search).toBe('?tab=restaurants');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('tab', { name: t.foodsTab })).toHaveAttribute('aria-selected', 'true');
  });

  it('says what to do when no dish is saved, with a way to the home', async () => {
    await openCollections(new FakeFavorites(catalogue));
    const panel = screen.getByRole('tabpanel', { name: t.foodsTab });
    expect(within(panel).getByRole('heading', { name: t.foodsEmpty })).toBeInTheDocument();
    expect(within(panel).getByText(t.foodsEmptyHint)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: t.browseFoods })).toHaveAttribute('href', '/');
    expect(t.foodsEmpty).toBe('Chưa có món yêu thích nào');
    expect(t.foodsEmptyHint).toBe('Nhấn biểu tượng trái tim trên món ăn để lưu lại món bạn thích.');
    expect(t.browseFoods).toBe('Khám phá món ăn');
  });

  it('says what to do when no restaurant is saved, with a way to the search', async () => {
    await openCollections(new FakeFavorites(catalogue), '/collections?tab=restaurants');
    const panel = screen.getByRole('tabpanel', { name: t.restaurantsTab });
    expect(within(panel).getByRole('heading', { name: t.restaurantsEmpty })).toBeInTheDocument();
    expect(within(panel).getByText(t.restaurantsEmptyHint)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: t.browseRestaurants })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(t.restaurantsEmpty).toBe('Chưa có quán yêu thích nào');
    expect(t.restaurantsEmptyHint).toBe(
      'Nhấn biểu tượng trái tim trên trang quán để lưu lại quán bạn thích.',
    );
    expect(t.browseRestaurants).toBe('Tìm quán');
  });

  it('reads the collection again on each visit: another device may have changed it', async () => {
    const server = new FakeFavorites(catalogue);
    // The app's own minute of freshness, which the hearts rely on.
    const queryClient = createTestQueryClient();
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, staleTime: 60_000 },
    });
    const { api, router } = await openCollections(server, '/collections', queryClient);
    expect(within(screen.getByRole('tabpanel')).getByText(t.foodsEmpty)).toBeInTheDocument();
    server.foods = [1];
    await act(() => router.navigate('/cart'));
    await act(() => router.navigate('/collections'));
    const panel = await screen.findByRole('tabpanel', { name: t.foodsTab });
    expect(await within(panel).findByRole('link', { name: 'Phở bò tái' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/customer/favorites/').length).toBeGreaterThan(1);
  });

  it('is for customers: staff go to /', async () => {
    stubApi({});
    setSession({ user: { id: 3, name: 'Đức', role: 'owner' }, tokens: { access_token: 'a' } });
    const { router } = renderApp('/collections');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

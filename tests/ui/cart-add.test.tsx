import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import type { Dish, Food } from '#contract/catalogue';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { FakeCartServer, serveCart, serverFood, type ServerFood } from '../setup/fake-cart-server';
import { listPage, makeDish, makeFood, makeRestaurant, reviewPage } from './food-fake-api';
import { dishPage } from './home-fake-api';
import { restaurant as searchRestaurant, searchReply } from './search-fake-api';

/**
 * Add-to-cart from every place a dish is offered (spec 2.6, 2.8, 2.9, 2.10, section 4 'Cart
 * add'): the real cart core (outbox, sync engine) against a fake cart server.
 */

const SWITCH_QUESTION = 'Giỏ hàng hiện tại là của quán khác. Xóa giỏ hàng cũ và thêm món này?';

const PHO = makeFood(); // id 12, 45.000 ₫, toppings 101 Trứng chần 5.000, 102 Quẩy 3.000, 103 Thêm thịt bò 20.000
const CHIN = makeFood({ id: 13, name: 'Phở bò chín', price: 40_000, toppings: [] });
const HUONG_LIEN = { id: 9, name: 'Bún chả Hương Liên' };

function toServer(food: Food): ServerFood {
  return serverFood({
    id: food.id,
    name: food.name,
    price: food.price,
    image_url: food.image_url,
    restaurant: { id: food.restaurant.id, name: food.restaurant.name },
    toppings: food.toppings,
    available: food.available,
  });
}

function listEntry(food: Food, overrides: Partial<Dish> = {}): Dish {
  return makeDish({
    id: food.id,
    name: food.name,
    price: food.price,
    restaurant: {
      id: food.restaurant.id,
      name: food.restaurant.name,
      is_active: true,
      is_open_now: true,
      opens_at: null,
    },
    ...overrides,
  });
}

function signIn(role = 'customer') {
  setSession({
    user: { id: 1, name: 'Lan', role },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

/** The catalogue the screens read, plus the cart server; returns both fakes. */
function fakeApi(routes: Record<string, ApiHandler>, foods: Food[] = [PHO, CHIN]) {
  const api = stubApi({
    'GET /api/category/': () => ok([]),
    ...Object.fromEntries(foods.map((food) => [`GET /api/food/${food.id}/`, () => ok(food)])),
    ...Object.fromEntries(
      foods.map((food) => [`GET /api/customer/reviews/${food.id}/`, () => ok(reviewPage([]))]),
    ),
    ...routes,
  });
  const cart = serveCart(
    new FakeCartServer([
      ...foods.map(toServer),
      serverFood({ id: 50, name: 'Bún chả', price: 50_000, restaurant: HUONG_LIEN }),
    ]),
  );
  return { api, cart };
}

/** /restaurant/3 with `menu`; waits for the menu and for the cart to be read. */
async function openMenu(
  menu: Dish[] = [listEntry(PHO), listEntry(CHIN)],
  { role = 'customer', seed }: { role?: string; seed?: (cart: FakeCartServer) => void } = {},
) {
  const fakes = fakeApi({
    'GET /api/restaurant/3/detail': () => ok(makeRestaurant({ top_foods: [], is_open_now: true })),
    'GET /api/food/': () => ok(listPage(menu)),
    'GET /api/customer/restaurant/random/': () => ok(listPage([])),
  });
  seed?.(fakes.cart);
  signIn(role);
  const user = userEvent.setup();
  const rendered = renderApp('/restaurant/3');
  await screen.findByRole('heading', { level: 1, name: 'Phở Thìn Lò Đúc' }, { timeout: 5000 });
  const menuSection = await screen.findByRole('region', { name: text.restaurant.menu });
  await within(menuSection).findByRole('link', { name: menu[0]!.name });
  if (role === 'customer') await waitForCartRead(fakes.cart);
  return { ...fakes, user, menu: menuSection, ...rendered };
}

/** The cart (and so its restaurant) is known before anything is added. */
async function waitForCartRead(cart: FakeCartServer) {
  const count = cart.cart().item_count;
  await waitFor(() =>
    expect(
      screen.getAllByRole('link', { name: text.layout.cartWithCount(count) }).length,
    ).toBeGreaterThan(0),
  );
}

const addButton = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: `Thêm ${name} vào giỏ hàng` });

/** A dialog that adds waits for the server's answer (or the outbox) before it closes. */
const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

const addRequests = (cart: FakeCartServer) =>
  cart.calls.filter((request) => request.path === '/api/customer/cart/add/');

// A change reaches the screen through IndexedDB and the sync engine: on a busy machine that can
// outlast Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  // The screens are lazy chunks: transform them once up front, so no test spends its time on
  // the cold import.
  await import('#src/features/restaurant/pages/restaurant-page');
  await import('#src/features/home/pages/home-page');
  await import('#src/features/search/pages/search-page');
  await import('#src/features/food/pages/food-page');
}, 30_000);

beforeEach(() => {
  logout();
  clearLocation();
  // The toasts live in a store of their own: none may be left from the test before.
  act(() => notifications.clean());
});

afterEach(() => {
  logout();
});

describe('the add button on a dish card (spec 2.6, 2.10)', () => {
  it('adds a dish without toppings at once, without leaving the screen', async () => {
    const { user, cart, menu, router } = await openMenu();
    const updated = vitest.fn();
    window.addEventListener('cartUpdated', updated);
    try {
      await user.click(addButton(menu, 'Phở bò chín'));
      expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
      expect(addRequests(cart).map((request) => request.json)).toEqual([
        { food_id: 13, quantity: 1, topping_ids: [], option_ids: [], note: '' },
      ]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/restaurant/3');
      // Spec section 4: a successful add tells the app (the badge re-reads).
      expect(updated).toHaveBeenCalled();
      expect(
        (await screen.findAllByRole('link', { name: text.layout.cartWithCount(1) })).length,
      ).toBeGreaterThan(0);
    } finally {
      window.removeEventListener('cartUpdated', updated);
    }
  });

  it('reads the dish first: a list entry carries no toppings', async () => {
    const { user, api, menu } = await openMenu();
    expect(api.callsTo('GET /api/food/13/')).toHaveLength(0);
    await user.click(addButton(menu, 'Phở bò chín'));
    await screen.findByText('Đã thêm vào giỏ hàng');
    expect(api.callsTo('GET /api/food/13/')).toHaveLength(1);
  });

  it('opens the topping dialog for a dish with toppings, adds the choice and closes', async () => {
    const { user, cart, menu } = await openMenu();
    await user.click(addButton(menu, 'Phở bò tái lăn'));
    const dialog = await screen.findByRole('dialog', { name: text.food.toppingDialog.title });
    expect(addRequests(cart)).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: /Quẩy/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Thêm thịt bò/ }));
    await user.click(within(dialog).getByRole('button', { name: text.food.increase }));
    expect(within(dialog).getByRole('status', { name: text.food.total })).toHaveTextContent(
      '136.000 ₫',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Thêm vào giỏ hàng' }));

    await dialogClosed();
    expect(addRequests(cart).map((request) => request.json)).toEqual([
      { food_id: 12, quantity: 2, topping_ids: [102, 103], option_ids: [], note: '' },
    ]);
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(cart.cart().items).toMatchObject([
      { food_id: 12, quantity: 2, topping_ids: [102, 103], price: 68_000 },
    ]);
  });

  it('adds nothing when the topping dialog is closed', async () => {
    const { user, cart, menu } = await openMenu();
    await user.click(addButton(menu, 'Phở bò tái lăn'));
    const dialog = await screen.findByRole('dialog', { name: text.food.toppingDialog.title });
    await user.click(within(dialog).getByRole('button', { name: text.food.toppingDialog.close }));
    await dialogClosed();
    expect(cart.changes()).toEqual([]);
  });

  it('has no button on an unavailable dish or a paused restaurant’s dish', async () => {
    const { menu } = await openMenu([
      listEntry(CHIN),
      makeDish({ id: 14, name: 'Quẩy nóng', available: false }),
      makeDish({
        id: 15,
        name: 'Bún riêu',
        restaurant: {
          id: 3,
          name: 'Phở Thìn Lò Đúc',
          is_active: false,
          is_open_now: false,
          opens_at: null,
        },
      }),
    ]);
    expect(addButton(menu, 'Phở bò chín')).toBeInTheDocument();
    const cards = within(menu).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(
      within(cards[1]!).queryByRole('button', { name: /vào giỏ hàng$/ }),
    ).not.toBeInTheDocument();
    expect(
      within(cards[2]!).queryByRole('button', { name: /vào giỏ hàng$/ }),
    ).not.toBeInTheDocument();
  });

  it('says the dish cannot be ordered when its detail says it stopped selling', async () => {
    const soldOut = { ...CHIN, available: false };
    const { user, cart, menu, api } = await openMenu();
    api.on('GET /api/food/13/', () => ok(soldOut));
    await user.click(addButton(menu, 'Phở bò chín'));
    expect(await screen.findByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(cart.changes()).toEqual([]);
  });

  it('says why when the dish cannot be read, and adds nothing', async () => {
    const { user, cart, menu, api } = await openMenu();
    api.on('GET /api/food/13/', () => fail(404, 'Không tìm thấy món ăn', 'FOOD_NOT_FOUND'));
    await user.click(addButton(menu, 'Phở bò chín'));
    expect(await screen.findByText('Không tìm thấy món ăn')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cart.changes()).toEqual([]);
  });

  it("online, an add the server fails says 'Không thể thêm vào giỏ hàng' and keeps nothing", async () => {
    const { user, cart, menu } = await openMenu();
    cart.failNextChange(() => fail(500, 'Lỗi máy chủ', 'INTERNAL'));
    await user.click(addButton(menu, 'Phở bò chín'));
    // The spec's text, not the server's: a 5xx message says nothing about the dish.
    expect(await screen.findByText('Không thể thêm vào giỏ hàng')).toBeInTheDocument();
    expect(screen.queryByText(text.cart.savedOffline)).not.toBeInTheDocument();
    expect(screen.queryByText('Lỗi máy chủ')).not.toBeInTheDocument();
    // The badge shows the server's empty cart, with no change waiting to be replayed.
    expect(
      (await screen.findAllByRole('link', { name: text.layout.cartWithCount(0) })).length,
    ).toBeGreaterThan(0);
    expect(cart.changes()).toEqual(['POST /api/customer/cart/add/']);
    expect(cart.cart().item_count).toBe(0);
  });

  it('offline, puts a dish never opened before in the cart on its own, to sync later', async () => {
    const { user, cart, menu, api } = await openMenu();
    api.on('GET /api/food/12/', () => {
      throw new TypeError('Failed to fetch');
    });
    vitest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(addButton(menu, 'Phở bò tái lăn'));
    expect(await screen.findByText(text.cart.savedOffline)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      (await screen.findAllByRole('link', { name: text.layout.cartWithCount(1) })).length,
    ).toBeGreaterThan(0);
    expect(cart.changes()).toEqual([]);
  });

  it('offers no button to staff, who have no cart', async () => {
    const { menu } = await openMenu(undefined, { role: 'staff' });
    expect(within(menu).getAllByRole('article')).toHaveLength(2);
    expect(within(menu).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("another restaurant's cart (spec section 4, 'Cart add')", () => {
  const otherCart = (cart: FakeCartServer) => void cart.seed(50, 2);

  it('asks first; declining adds nothing and keeps the old cart', async () => {
    const { user, cart, menu } = await openMenu(undefined, { seed: otherCart });
    await user.click(addButton(menu, 'Phở bò chín'));
    const dialog = await screen.findByRole('dialog', { name: SWITCH_QUESTION });
    expect(dialog).toHaveTextContent(SWITCH_QUESTION);
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: text.cart.cancel })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: text.cart.cancel }));
    await dialogClosed();
    expect(cart.changes()).toEqual([]);
    expect(cart.cart()).toMatchObject({ restaurant_id: 9, item_count: 2 });
  });

  it('clears the old cart and then adds when accepted', async () => {
    const { user, cart, menu } = await openMenu(undefined, { seed: otherCart });
    await user.click(addButton(menu, 'Phở bò chín'));
    const dialog = await screen.findByRole('dialog', { name: SWITCH_QUESTION });
    await user.click(within(dialog).getByRole('button', { name: text.cart.switchConfirm }));

    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(cart.changes()).toEqual([
      'DELETE /api/customer/cart/clear/',
      'POST /api/customer/cart/add/',
    ]);
    expect(cart.cart()).toMatchObject({
      restaurant_id: 3,
      items: [{ food_id: 13, quantity: 1 }],
    });
  });

  it('asks before the toppings, and replaces the cart with the chosen line', async () => {
    const { user, cart, menu } = await openMenu(undefined, { seed: otherCart });
    await user.click(addButton(menu, 'Phở bò tái lăn'));
    const question = await screen.findByRole('dialog', { name: SWITCH_QUESTION });
    await user.click(within(question).getByRole('button', { name: text.cart.switchConfirm }));
    const dialog = await screen.findByRole('dialog', { name: text.food.toppingDialog.title });
    // Accepting alone changes nothing yet: the toppings can still be cancelled.
    expect(cart.changes()).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: /Trứng chần/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Thêm vào giỏ hàng' }));

    await dialogClosed();
    expect(cart.changes()).toEqual([
      'DELETE /api/customer/cart/clear/',
      'POST /api/customer/cart/add/',
    ]);
    expect(cart.cart()).toMatchObject({
      restaurant_id: 3,
      items: [{ food_id: 12, quantity: 1, topping_ids: [101], note: '' }],
    });
  });

  it('does not ask when the cart holds the same restaurant’s dishes', async () => {
    const { user, cart, menu } = await openMenu(undefined, {
      seed: (server) => void server.seed(12, 1),
    });
    await user.click(addButton(menu, 'Phở bò chín'));
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cart.changes()).toEqual(['POST /api/customer/cart/add/']);
    expect(cart.cart().item_count).toBe(2);
  });
});

describe('the add button elsewhere', () => {
  it('adds from the home grid (spec 2.6)', async () => {
    setLocation({ lat: 21.0285, lon: 105.8542, address: 'Hoàn Kiếm, Hà Nội' });
    const { cart } = fakeApi({
      'GET /api/food/': () =>
        ok(dishPage([listEntry(CHIN), makeDish({ id: 14, available: false })], 1, 1)),
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const card = (await screen.findAllByRole('article', {}, { timeout: 5000 }))[0]!;
    await waitForCartRead(cart);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      within(screen.getAllByRole('article')[1]!).queryByRole('button', { name: /vào giỏ hàng$/ }),
    ).toBeNull();

    await user.click(addButton(card, 'Phở bò chín'));
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    // The home needs a stored location: it goes with the add, for the delivery area check.
    expect(addRequests(cart).map((request) => request.json)).toEqual([
      {
        food_id: 13,
        quantity: 1,
        topping_ids: [],
        option_ids: [],
        note: '',
        lat: 21.0285,
        lon: 105.8542,
      },
    ]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the topping dialog from a search result row (spec 2.8)', async () => {
    const { cart } = fakeApi({
      'GET /api/search/': () =>
        searchReply([
          searchRestaurant(3, { name: 'Phở Thìn Lò Đúc', searched_foods: [listEntry(PHO)] }),
        ]),
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=pho');
    const row = await screen.findByRole(
      'list',
      { name: text.search.matchingFoods('Phở Thìn Lò Đúc') },
      { timeout: 5000 },
    );
    await waitForCartRead(cart);
    await user.click(addButton(row, 'Phở bò tái lăn'));
    const dialog = await screen.findByRole('dialog', { name: text.food.toppingDialog.title });
    await user.click(within(dialog).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    await dialogClosed();
    expect(addRequests(cart).map((request) => request.json)).toEqual([
      { food_id: 12, quantity: 1, topping_ids: [], option_ids: [], note: '' },
    ]);
    expect(router.state.location.pathname).toBe('/search');
  });
});

describe('the order box of the dish screen (spec 2.9)', () => {
  async function openFood(food: Food) {
    const fakes = fakeApi({}, [food]);
    signIn();
    const user = userEvent.setup();
    renderApp(`/food/${food.id}`);
    await screen.findByRole('heading', { level: 1, name: food.name }, { timeout: 5000 });
    await waitForCartRead(fakes.cart);
    const box = screen.getByRole('region', { name: text.food.order });
    return { ...fakes, user, box };
  }

  it('adds the chosen quantity of a dish without toppings at once', async () => {
    const { user, cart, box } = await openFood(CHIN);
    await user.click(within(box).getByRole('button', { name: text.food.increase }));
    await user.click(within(box).getByRole('button', { name: text.food.increase }));
    await user.click(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(addRequests(cart).map((request) => request.json)).toEqual([
      { food_id: 13, quantity: 3, topping_ids: [], option_ids: [], note: '' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the topping dialog from the chosen quantity for a dish with toppings', async () => {
    const { user, cart, box } = await openFood(PHO);
    await user.click(within(box).getByRole('button', { name: text.food.increase }));
    await user.click(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    const dialog = await screen.findByRole('dialog', { name: text.food.toppingDialog.title });
    expect(within(dialog).getByRole('status', { name: text.food.quantity })).toHaveTextContent('2');
    await user.click(within(dialog).getByRole('checkbox', { name: /Trứng chần/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    await dialogClosed();
    expect(addRequests(cart).map((request) => request.json)).toEqual([
      { food_id: 12, quantity: 2, topping_ids: [101], option_ids: [], note: '' },
    ]);
  });

  it("keeps the button disabled, with 'Món ăn này hiện không khả dụng', for an unavailable dish", async () => {
    const { box } = await openFood({ ...CHIN, available: false });
    expect(within(box).getByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' })).toBeDisabled();
  });
});

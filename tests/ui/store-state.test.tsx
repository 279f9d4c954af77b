import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dish } from '#contract/catalogue';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { ok, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { listPage, makeDish, makeFood, makeRestaurant, reviewPage } from './food-fake-api';
import { dishPage, makeDish as makeHomeDish, okReply, stubQueryApi } from './home-fake-api';

/**
 * What customers see of a restaurant that takes no order now (paused, closed, out of the
 * delivery area), and that every add button is disabled then; the words are contract/store.ts's.
 * The clock is 10:00 in Hà Nội (03:00 UTC) on 27/11/2026; only Date is faked.
 */

const NOW = new Date('2026-11-27T03:00:00.000Z');
const IN_15_MIN = '2026-11-27T03:15:00.000Z'; // 10:15 in Vietnam
const TOMORROW_7 = '2026-11-28T00:00:00.000Z'; // 07:00 on 28/11 in Vietnam
const TONIGHT_17 = '2026-11-27T10:00:00.000Z'; // 17:00 in Vietnam

const OPEN = { is_open_now: true, opens_at: null };
// The restaurant is at 13 Lò Đúc, Hà Nội (21.0147, 105.8555), delivering within 10 km.
const NEAR = { lat: 21.0285, lon: 105.8542, address: 'Hoàn Kiếm, Hà Nội' };
const SAIGON = { lat: 10.7769, lon: 106.7009, address: 'Quận 1, TP. Hồ Chí Minh' };

beforeAll(async () => {
  await import('#src/features/food/pages/food-page');
  await import('#src/features/restaurant/pages/restaurant-page');
  await import('#src/features/home/pages/home-page');
}, 30_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  logout();
  clearLocation();
  act(() => notifications.clean());
  setSession({
    user: { id: 1, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
});

afterEach(() => {
  vi.useRealTimers();
  logout();
  clearLocation();
});

describe('dish cards', () => {
  async function openHome(items: Dish[]) {
    setLocation(NEAR);
    stubQueryApi({
      'GET /api/category/': () => okReply([]),
      'GET /api/customer/cart/': () =>
        okReply({
          restaurant_id: null,
          restaurant_name: null,
          items: [],
          item_count: 0,
          subtotal: 0,
        }),
      'GET /api/food/': () => okReply(dishPage(items, 1, 1)),
    });
    renderApp('/');
    const grid = await screen.findByRole('region', { name: text.home.dishes });
    await within(grid).findByRole('link', { name: items[0]!.name });
    return grid;
  }

  const card = (grid: HTMLElement, name: string) =>
    within(grid).getByRole('link', { name }).closest('article')!;

  it('say when a closed restaurant reopens and disable the add, an open one says nothing', async () => {
    const grid = await openHome([
      makeHomeDish({
        id: 1,
        name: 'Bún chả',
        restaurant: {
          id: 5,
          name: 'Bún chả Hương Liên',
          is_active: true,
          is_open_now: false,
          opens_at: TONIGHT_17,
        },
      }),
      makeHomeDish({
        id: 2,
        name: 'Bánh cuốn',
        restaurant: {
          id: 6,
          name: 'Bánh cuốn Thanh Vân',
          is_active: true,
          is_open_now: false,
          opens_at: TOMORROW_7,
        },
      }),
      makeHomeDish({
        id: 3,
        name: 'Phở gà',
        restaurant: { id: 3, name: 'Phở Thìn', is_active: true, ...OPEN },
      }),
    ]);
    const closed = card(grid, 'Bún chả');
    expect(within(closed).getByText('Đang đóng cửa, mở lại lúc 17:00')).toBeInTheDocument();
    expect(
      within(closed).getByRole('button', { name: 'Thêm Bún chả vào giỏ hàng' }),
    ).toBeDisabled();
    expect(
      within(card(grid, 'Bánh cuốn')).getByText('Đang đóng cửa, mở lại lúc 07:00 ngày 28/11'),
    ).toBeInTheDocument();

    const open = card(grid, 'Phở gà');
    expect(within(open).queryByText(/Đang đóng cửa/)).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Thêm Phở gà vào giỏ hàng' })).toBeEnabled();
  });
});

describe('the dish page', () => {
  async function openFood(restaurant: Partial<ReturnType<typeof makeFood>['restaurant']>) {
    const base = makeFood({ toppings: [] });
    const food = { ...base, restaurant: { ...base.restaurant, ...restaurant } };
    stubApi({
      'GET /api/category/': () => ok([]),
      'GET /api/customer/cart/': () =>
        ok({ restaurant_id: null, restaurant_name: null, items: [], item_count: 0, subtotal: 0 }),
      [`GET /api/food/${food.id}/`]: () => ok(food),
      [`GET /api/customer/reviews/${food.id}/`]: () => ok(reviewPage([])),
    });
    renderApp(`/food/${food.id}`);
    await screen.findByRole('heading', { level: 1, name: food.name }, { timeout: 5000 });
    const box = screen.getByRole('region', { name: text.food.order });
    return box;
  }

  const addButton = (box: HTMLElement) =>
    within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' });

  it('says a paused restaurant reopens at the end of its pause, and disables the add', async () => {
    const box = await openFood({
      is_open_now: false,
      opens_at: IN_15_MIN,
      paused_until: IN_15_MIN,
    });
    expect(within(box).getByRole('note')).toHaveTextContent(
      'Quán đang tạm ngưng nhận đơn, mở lại lúc 10:15',
    );
    expect(within(box).queryByText(/Đang đóng cửa/)).not.toBeInTheDocument();
    expect(addButton(box)).toBeDisabled();
    expect(within(box).getByRole('textbox', { name: 'Ghi chú cho quán' })).toBeDisabled();
  });

  it('takes a pause that has ended for what it is: over', async () => {
    const box = await openFood({ ...OPEN, paused_until: '2026-11-27T02:59:00.000Z' });
    expect(within(box).queryByRole('note')).not.toBeInTheDocument();
    expect(addButton(box)).toBeEnabled();
  });

  it('says when a closed restaurant reopens, and disables the add', async () => {
    const box = await openFood({ is_open_now: false, opens_at: TONIGHT_17 });
    expect(within(box).getByRole('note')).toHaveTextContent('Đang đóng cửa, mở lại lúc 17:00');
    expect(addButton(box)).toBeDisabled();
  });

  it("falls back to 'Đã đóng cửa' without a reopening time", async () => {
    const box = await openFood({ is_open_now: false, opens_at: null });
    expect(within(box).getByRole('note')).toHaveTextContent(/^Đã đóng cửa$/);
    expect(addButton(box)).toBeDisabled();
  });

  it('says nothing of closing for an open restaurant', async () => {
    setLocation(NEAR);
    const box = await openFood(OPEN);
    expect(screen.queryByText(/Đang đóng cửa|tạm ngưng|Ngoài khu vực/)).not.toBeInTheDocument();
    expect(addButton(box)).toBeEnabled();
  });

  it("says 'Ngoài khu vực giao hàng' beyond the delivery radius, and disables the add", async () => {
    setLocation(SAIGON);
    const box = await openFood(OPEN);
    expect(within(box).getByRole('note')).toHaveTextContent('Ngoài khu vực giao hàng');
    expect(addButton(box)).toBeDisabled();
  });

  it.each([
    [10, 'Ngoài khu vực giao hàng'],
    [15, null],
  ])('measures the area with the restaurant’s own radius (%i km)', async (radius, notice) => {
    // About 12 km south of the restaurant: out of a 10 km area, inside a 15 km one.
    setLocation({ lat: 20.907, lon: 105.8555, address: null });
    const box = await openFood({ ...OPEN, delivery_radius_km: radius });
    if (notice) {
      expect(within(box).getByRole('note')).toHaveTextContent(notice);
      expect(addButton(box)).toBeDisabled();
    } else {
      expect(within(box).queryByRole('note')).not.toBeInTheDocument();
      expect(addButton(box)).toBeEnabled();
    }
  });
});

describe('the restaurant page', () => {
  async function openRestaurant(overrides: Partial<ReturnType<typeof makeRestaurant>>) {
    const menu = [
      makeDish({
        id: 12,
        name: 'Phở bò tái lăn',
        restaurant: {
          id: 3,
          name: 'Phở Thìn Lò Đúc',
          is_active: true,
          is_open_now: overrides.is_open_now ?? true,
          opens_at: overrides.opens_at ?? null,
        },
      }),
    ];
    stubApi({
      'GET /api/category/': () => ok([]),
      'GET /api/customer/cart/': () =>
        ok({ restaurant_id: null, restaurant_name: null, items: [], item_count: 0, subtotal: 0 }),
      'GET /api/restaurant/3/detail': () => ok(makeRestaurant({ top_foods: [], ...overrides })),
      'GET /api/food/': () => ok(listPage(menu)),
      'GET /api/customer/restaurant/random/': () => ok(listPage([])),
    });
    renderApp('/restaurant/3');
    await screen.findByRole('heading', { level: 1, name: 'Phở Thìn Lò Đúc' }, { timeout: 5000 });
    const menuSection = await screen.findByRole('region', { name: text.restaurant.menu });
    await within(menuSection).findByRole('link', { name: 'Phở bò tái lăn' });
    return menuSection;
  }

  const add = (menu: HTMLElement) =>
    within(menu).getByRole('button', { name: 'Thêm Phở bò tái lăn vào giỏ hàng' });

  it('says it is paused until when, and disables the menu’s add buttons', async () => {
    const menu = await openRestaurant({
      is_open_now: false,
      opens_at: IN_15_MIN,
      paused_until: IN_15_MIN,
    });
    expect(
      screen.getByText('Quán đang tạm ngưng nhận đơn, mở lại lúc 10:15', {
        selector: '[role="note"]',
      }),
    ).toBeInTheDocument();
    expect(add(menu)).toBeDisabled();
  });

  it("says 'Ngoài khu vực giao hàng' to a customer far away, and disables the add", async () => {
    setLocation(SAIGON);
    const menu = await openRestaurant({ is_open_now: true });
    expect(screen.getByRole('note')).toHaveTextContent('Ngoài khu vực giao hàng');
    expect(add(menu)).toBeDisabled();
  });

  it('offers the add to a customer in the area of an open restaurant', async () => {
    setLocation(NEAR);
    const menu = await openRestaurant({ is_open_now: true });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await waitFor(() => expect(add(menu)).toBeEnabled());
  });
});

import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartCount } from '#src/app/layouts/use-cart-count';
import { useCartSync } from '#src/lib/cart/cart-session';
import { clearAllOutboxes, readOutbox } from '#src/lib/cart/outbox-store';
import { useCart, type CartView } from '#src/lib/cart/use-cart';
import {
  needsRestaurantSwitch,
  useCartActions,
  type AddToCartInput,
  type AddResult,
} from '#src/lib/cart/use-cart-actions';
import { logout, setSession } from '#src/lib/session';
import { theme } from '#src/app/theme';
import { createTestQueryClient } from '../../setup/render';
import { fail } from '../../setup/fake-api';
import { BUN, FakeCartServer, PHO, serveCart, TRA } from '../../setup/fake-cart-server';

let server: FakeCartServer;
let online: boolean;

function useHooks() {
  return { cart: useCart(), actions: useCartActions(), badge: useCartCount(true) };
}

/** The replay triggers, which the app mounts once in its provider. */
function useHooksWithSync() {
  useCartSync(useQueryClient());
  return useHooks();
}

let current: () => ReturnType<typeof useHooks>;

/** The cart hooks inside the app's providers (Mantine with its toasts, a fresh query client). */
function render(hook: () => ReturnType<typeof useHooks> = useHooks) {
  const queryClient = createTestQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} env="test">
          <Notifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    );
  }
  const { result } = renderHook(hook, { wrapper: Wrapper });
  current = () => result.current;
}

const input = (food: AddToCartInput['food'], quantity = 1, topping_ids: number[] = []) => ({
  food,
  quantity,
  topping_ids,
});

/** Runs an action inside act(), as a click would, and returns its result. */
async function run<T>(action: () => Promise<T>): Promise<T> {
  let result!: T;
  await act(async () => {
    result = await action();
  });
  return result;
}

const lines = () => current().cart.cart.items.map((l) => [l.key, l.quantity, l.pending]);

beforeEach(async () => {
  notifications.clean();
  await clearAllOutboxes();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  server = serveCart(new FakeCartServer([PHO, TRA, BUN]));
  setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a-1' } });
});

afterEach(() => {
  // Signing out stops the engines and empties the outbox between tests.
  logout();
});

describe('useCart', () => {
  it('is the server cart, read once', async () => {
    server.seed(PHO.id, 2);
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    expect(lines()).toEqual([['10:', 2, false]]);
    expect(current().cart).toMatchObject({ isError: false, pendingCount: 0 });
    expect(server.gets()).toHaveLength(1);
  });

  it('is empty, and never asked for, for staff', async () => {
    setSession({ user: { id: 8, role: 'owner' }, tokens: { access_token: 'a-2' } });
    render();
    expect(current().cart.cart.items).toEqual([]);
    expect(await run(() => current().actions.add(input(PHO)))).toBe('failed');
    expect(server.calls).toEqual([]);
  });
});

describe('add (spec section 4 "Cart add", section 8)', () => {
  it('says "Đã thêm vào giỏ hàng" and fires cartUpdated once the server took it', async () => {
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    const events = vi.fn();
    window.addEventListener('cartUpdated', events);
    const result = await run(() => current().actions.add(input(PHO, 2, [5, 3])));
    window.removeEventListener('cartUpdated', events);
    expect(result).toBe<AddResult>('added');
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(events).toHaveBeenCalledTimes(1);
    expect(server.mutations()[0]).toMatchObject({
      method: 'POST',
      path: '/api/customer/cart/add/',
      json: { food_id: 10, quantity: 2, topping_ids: [3, 5] },
      key: expect.any(String),
    });
    await waitFor(() => expect(lines()).toEqual([['10:3,5', 2, false]]));
  });

  it("shows the server's message when it refuses, and keeps nothing", async () => {
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    server.next(() => undefined); // the engine's first read of the cart
    server.next(() => fail(409, 'Món ăn này hiện không khả dụng', 'FOOD_UNAVAILABLE'));
    const result = await run(() => current().actions.add(input(PHO)));
    expect(result).toBe('failed');
    expect(await screen.findByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(await readOutbox('7')).toEqual([]);
    await waitFor(() => expect(current().cart.cart.items).toEqual([]));
  });

  it("falls back to 'Không thể thêm vào giỏ hàng' without a server message", async () => {
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    server.next(() => undefined); // the engine's first read of the cart
    server.next(() => new Response('{}', { status: 400 }));
    expect(await run(() => current().actions.add(input(PHO)))).toBe('failed');
    expect(await screen.findByText('Không thể thêm vào giỏ hàng')).toBeInTheDocument();
    expect(server.mutations()).toHaveLength(1);
  });

  it('never sends an impossible quantity', async () => {
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    for (const quantity of [0, -1, 1.5, 100]) {
      expect(await run(() => current().actions.add(input(PHO, quantity)))).toBe('failed');
    }
    expect(await screen.findAllByText('Không thể thêm vào giỏ hàng')).not.toHaveLength(0);
    expect(server.mutations()).toEqual([]);
  });

  it('keeps the dish offline, shows it waiting and says it will sync', async () => {
    server.seed(PHO.id, 2);
    render();
    await waitFor(() => expect(current().badge).toBe(2));
    online = false;
    const events = vi.fn();
    window.addEventListener('cartUpdated', events);
    const result = await run(() => current().actions.add(input(TRA, 3)));
    window.removeEventListener('cartUpdated', events);
    expect(result).toBe<AddResult>('queued');
    expect(await screen.findByText('Đã lưu thay đổi, sẽ đồng bộ khi có mạng')).toBeInTheDocument();
    expect(server.mutations()).toEqual([]);
    expect(events).not.toHaveBeenCalled();
    expect(lines()).toEqual([
      ['10:', 2, false],
      ['11:', 3, true],
    ]);
    expect(current().cart.pendingCount).toBe(1);
    // The badge counts the waiting dishes too.
    expect(current().badge).toBe(5);
    expect(await readOutbox('7')).toHaveLength(1);
  });

  it('clears the other restaurant first when the user confirmed the switch', async () => {
    server.seed(PHO.id, 1);
    render();
    await waitFor(() => expect(current().cart.cart.items).toHaveLength(1));
    expect(needsRestaurantSwitch(current().cart.cart, BUN.restaurant.id)).toBe(true);
    expect(needsRestaurantSwitch(current().cart.cart, PHO.restaurant.id)).toBe(false);
    const result = await run(() =>
      current().actions.add(input(BUN), { replaceOtherRestaurant: true }),
    );
    expect(result).toBe('added');
    expect(server.mutations().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/customer/cart/clear/',
      'POST /api/customer/cart/add/',
    ]);
    await waitFor(() => expect(lines()).toEqual([['20:', 1, false]]));
    expect(current().cart.cart.restaurant_id).toBe(2);
  });
});

describe('quantity, remove and clear (spec section 8)', () => {
  async function withPho() {
    server.seed(PHO.id, 2);
    server.seed(TRA.id, 1);
    render();
    await waitFor(() => expect(current().cart.cart.items).toHaveLength(2));
  }

  it('changes a quantity silently, or says it could not', async () => {
    await withPho();
    await run(() => current().actions.setQuantity('10:', 4));
    expect(server.mutations().at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/customer/cart/update/1/',
      json: { quantity: 4 },
    });
    await waitFor(() => expect(lines()[0]).toEqual(['10:', 4, false]));

    server.next(() => fail(400, 'Số lượng mỗi món tối đa 99', 'CART_QUANTITY_LIMIT'));
    await run(() => current().actions.setQuantity('10:', 5));
    expect(await screen.findByText('Không thể cập nhật số lượng')).toBeInTheDocument();
    await waitFor(() => expect(lines()[0]).toEqual(['10:', 4, false]));
  });

  it('never goes below 1', async () => {
    await withPho();
    await run(() => current().actions.setQuantity('10:', 0));
    expect(server.mutations()).toEqual([]);
    expect(lines()[0]).toEqual(['10:', 2, false]);
  });

  it("removes a line with 'Đã xóa món khỏi giỏ hàng'", async () => {
    await withPho();
    await run(() => current().actions.remove('11:'));
    expect(await screen.findByText('Đã xóa món khỏi giỏ hàng')).toBeInTheDocument();
    expect(server.mutations().at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/customer/cart/remove/2/',
    });
    await waitFor(() => expect(lines()).toEqual([['10:', 2, false]]));
  });

  it("says 'Không thể xóa món' when the removal is refused", async () => {
    await withPho();
    server.next(() => undefined);
    server.next(() => fail(403, 'Bạn không có quyền thực hiện thao tác này', 'FORBIDDEN'));
    await run(() => current().actions.remove('11:'));
    expect(await screen.findByText('Không thể xóa món')).toBeInTheDocument();
  });

  it("clears with 'Đã xóa giỏ hàng', or says 'Không thể xóa giỏ hàng'", async () => {
    await withPho();
    server.next(() => undefined);
    server.next(() => fail(403, 'Bạn không có quyền thực hiện thao tác này', 'FORBIDDEN'));
    await run(() => current().actions.clear());
    expect(await screen.findByText('Không thể xóa giỏ hàng')).toBeInTheDocument();
    await run(() => current().actions.clear());
    expect(await screen.findByText('Đã xóa giỏ hàng')).toBeInTheDocument();
    await waitFor(() => expect(current().cart.cart.items).toEqual([]));
    expect(current().badge).toBe(0);
  });

  it('waits offline: the line shows its change pending, then syncs when the network returns', async () => {
    server.seed(PHO.id, 2);
    server.seed(TRA.id, 1);
    render(useHooksWithSync);
    await waitFor(() => expect(current().cart.cart.items).toHaveLength(2));
    online = false;
    await run(() => current().actions.setQuantity('10:', 5));
    await run(() => current().actions.remove('11:'));
    expect(await screen.findAllByText('Đã lưu thay đổi, sẽ đồng bộ khi có mạng')).toHaveLength(2);
    expect(lines()).toEqual([['10:', 5, true]]);
    expect(current().cart.pendingCount).toBe(2);
    expect(server.mutations()).toEqual([]);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(current().cart.pendingCount).toBe(0));
    expect(lines()).toEqual([['10:', 5, false]]);
    expect(server.cart().items.map((i) => [i.food_id, i.quantity])).toEqual([[10, 5]]);
  });
});

describe('flush', () => {
  it('replays what waits and tells whether the server now has it all', async () => {
    render();
    await waitFor(() => expect(current().cart.isLoading).toBe(false));
    online = false;
    await run(() => current().actions.add(input(PHO, 2)));
    expect(await run(() => current().actions.flush())).toBe(false);
    online = true;
    expect(await run(() => current().actions.flush())).toBe(true);
    expect(server.cart().item_count).toBe(2);
    await waitFor(() => expect(current().cart.pendingCount).toBe(0));
  });
});

describe('signing out', () => {
  it('empties the outbox', async () => {
    render();
    online = false;
    await run(() => current().actions.add(input(PHO)));
    expect(await readOutbox('7')).toHaveLength(1);
    act(() => logout());
    await waitFor(async () => expect(await readOutbox('7')).toEqual([]));
  });
});

describe('needsRestaurantSwitch', () => {
  const view = (restaurant_id: number | null, items: number): CartView => ({
    restaurant_id,
    restaurant_name: null,
    items: Array.from({ length: items }, () => ({}) as CartView['items'][number]),
    item_count: items,
    subtotal: 0,
  });

  it('asks only when the cart holds another restaurant’s dishes', () => {
    expect(needsRestaurantSwitch(view(null, 0), 1)).toBe(false);
    expect(needsRestaurantSwitch(view(1, 2), 1)).toBe(false);
    expect(needsRestaurantSwitch(view(1, 2), 2)).toBe(true);
  });
});

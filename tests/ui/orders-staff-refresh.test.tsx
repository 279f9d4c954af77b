import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract/orders';
import {
  STAFF_ORDERS_REFRESH_MS,
  staffListRefresh,
} from '#src/features/orders/api/staff-list-refresh';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { ok, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { makeOrder, orderPage, signInAsCustomer, signInAsStaff } from './orders-fake-api';

const t = text.orders;
const STAFF_LIST = 'GET /api/staff/orders/';
const CUSTOMER_LIST = 'GET /api/customer/orders/';
/** Generous: a refetch goes through the fake server, the query and a render. */
const slow = { timeout: 5000 };

/** Answers with one more order each time, newest first, as new orders come in. */
function growingList() {
  let calls = 0;
  return () => {
    calls += 1;
    const orders: Order[] = Array.from({ length: calls }, (_, index) =>
      makeOrder({ id: 40 + calls - index, status: 'paid' }),
    );
    return ok(orderPage(orders));
  };
}

async function openList(who: 'staff' | 'customer') {
  const route = who === 'staff' ? STAFF_LIST : CUSTOMER_LIST;
  const api = stubApi({ [route]: growingList() });
  if (who === 'staff') signInAsStaff();
  else signInAsCustomer();
  const rendered = renderApp('/orders');
  await screen.findByRole('link', { name: /^Đơn #41\b/ }, { timeout: 5000 });
  return { api, calls: () => api.callsTo(route).length, ...rendered };
}

/** The page goes to the background (another app, the screen off) or comes back. */
function setVisible(visible: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visible ? 'visible' : 'hidden');
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  logout();
  // Only the interval clock is driven by hand; promises and timeouts run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the staff orders list on a pinned tablet', () => {
  it('refreshes every 30 s, in the foreground only, while the live connection is down', () => {
    expect(STAFF_ORDERS_REFRESH_MS).toBe(30_000);
    for (const status of ['connecting', 'offline'] as const) {
      expect(staffListRefresh(status)).toEqual({
        refetchInterval: 30_000,
        refetchIntervalInBackground: false,
      });
    }
    // Live events bring new orders: no poll while the stream is open.
    expect(staffListRefresh('live')).toEqual({
      refetchInterval: false,
      refetchIntervalInBackground: false,
    });
  });

  it('fetches itself again after 30 s and shows the new order', async () => {
    const { calls, queryClient } = await openList('staff');
    expect(calls()).toBe(1);
    const [query] = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['orders', 'list', 'staff', 'all'] });
    expect(query!.observers[0]!.options.refetchInterval).toBe(STAFF_ORDERS_REFRESH_MS);

    advance(STAFF_ORDERS_REFRESH_MS - 1);
    expect(calls()).toBe(1);
    advance(1);
    await waitFor(() => expect(calls()).toBe(2), slow);
    expect(await screen.findByRole('link', { name: /^Đơn #42\b/ })).toBeInTheDocument();

    advance(STAFF_ORDERS_REFRESH_MS);
    await waitFor(() => expect(calls()).toBe(3), slow);
    expect(await screen.findByRole('link', { name: /^Đơn #43\b/ })).toBeInTheDocument();
  });

  it('stays quiet while the page is hidden, and picks up again when it shows', async () => {
    const { calls } = await openList('staff');
    setVisible(false);
    advance(STAFF_ORDERS_REFRESH_MS * 3);
    // Give a refetch that should not happen the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(1);

    setVisible(true);
    // Coming back refreshes at once (the list is stale), then every 30 s again.
    await waitFor(() => expect(calls()).toBe(2), slow);
    advance(STAFF_ORDERS_REFRESH_MS);
    await waitFor(() => expect(calls()).toBe(3), slow);
  });

  it('gives each card a large touch target', async () => {
    await openList('staff');
    const card = screen.getByRole('link', { name: /^Đơn #41\b/ });
    expect(card).toHaveStyle({ padding: 'var(--mantine-spacing-lg)' });
  });
});

describe("the customer's orders list", () => {
  it('does not refresh itself, and keeps its cards as they were', async () => {
    const { calls } = await openList('customer');
    advance(STAFF_ORDERS_REFRESH_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(1);
    expect(screen.queryByText(t.staffTitle)).not.toBeInTheDocument();
    const card = screen.getByRole('link', { name: /^Đơn #41\b/ });
    expect(card).toHaveStyle({ padding: 'var(--mantine-spacing-md)' });
  });
});

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#contract/orders';
import { connectLiveSync } from '#src/app/live-sync';
import { vi as text } from '#src/i18n/vi';
import { stopAllRinging } from '#src/lib/live/ringing-orders';
import { ok, stubApi } from '../setup/fake-api';
import { renderWithProviders, testRoutes } from '../setup/render';
import { makeOrder, orderPage, signInAsCustomer, signInAsStaff } from './orders-fake-api';

const t = text.live;
const EVENTS = 'GET /api/events/';
const slow = { timeout: 5000 };

/**
 * The app with its live connection (the real lib/live client and app/live-sync.ts) reading
 * GET /api/events/ from the fake API as a real stream of Server-Sent Events the test writes.
 */
function eventStream() {
  const encoder = new TextEncoder();
  const open: ReadableStreamDefaultController<Uint8Array>[] = [];
  let nextId = 100;
  return {
    handler: () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.push(controller);
          controller.enqueue(encoder.encode(': connected\n\n'));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    },
    send(type: string, data: unknown) {
      nextId += 1;
      const frame = `id: ${nextId}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const controller of open) controller.enqueue(encoder.encode(frame));
    },
    close() {
      for (const controller of open.splice(0)) {
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      }
    },
  };
}

let stream: ReturnType<typeof eventStream> | null = null;

afterEach(() => {
  stream?.close();
  stream = null;
  stopAllRinging();
  document.title = 'Món Ngon';
});

function LiveSync() {
  const queryClient = useQueryClient();
  useEffect(() => connectLiveSync(queryClient), [queryClient]);
  return null;
}

function renderLiveApp(path: string) {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  return renderWithProviders(
    <>
      <LiveSync />
      <RouterProvider router={router} />
    </>,
  );
}

async function findToast(title: string) {
  return waitFor(() => {
    const toast = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(title));
    expect(toast).toBeDefined();
    return toast!;
  }, slow);
}

describe('the customer order page, live', () => {
  it('moves from paid to accepted on an event, with a toast, and the wallet follows', async () => {
    stream = eventStream();
    const state = { order: makeOrder({ id: 57, status: 'paid' }) };
    const api = stubApi({
      [EVENTS]: stream.handler,
      'GET /api/customer/orders/57/': () => ok(state.order),
      'GET /api/payment/wallet/balance/': () => ok({ balance: 250_000 }),
    });
    signInAsCustomer();
    renderLiveApp('/orders/57');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #57' }, slow);
    await waitFor(() => expect(api.callsTo(EVENTS)).toHaveLength(1), slow);
    expect(api.lastCallTo(EVENTS).authorization).toMatch(/^Bearer /);
    const progress = screen.getByRole('list', { name: text.orders.progress });
    const step = (label: string) =>
      within(progress).getByText(label).closest('li')!.getAttribute('data-state');
    expect(step('Đã nhận đơn')).toBe('current');

    state.order = { ...state.order, status: 'accepted' };
    stream.send('order.updated', { order_id: 57, restaurant_id: 3, status: 'accepted' });

    const toast = await findToast(t.orderToastTitle(57, 'Đã nhận đơn'));
    expect(toast).toHaveTextContent('Quán đã nhận đơn và đang chuẩn bị món');
    await waitFor(() => expect(step('Đã nhận đơn')).toBe('done'), slow);
    expect(step('Đang nấu và giao')).toBe('current');

    stream.send('wallet.updated', { balance: 165_000 });
    await screen.findByText('165.000 ₫', {}, slow);
  });
});

describe('the staff tablet, live', () => {
  it(
    'shows a new paid order without a reload, with its banner, the bell control and the title count',
    { timeout: 20_000 },
    async () => {
      stream = eventStream();
      const state: { orders: Order[] } = { orders: [] };
      const accepted: number[] = [];
      const api = stubApi({
        [EVENTS]: stream.handler,
        // The fake reads no ?status=: it lists the paid orders, what both the 'all' tab and the
        // waiting count need to see in this test.
        'GET /api/staff/orders/': () =>
          ok(orderPage(state.orders.filter((order) => order.status === 'paid'))),
        'PUT /api/staff/orders/57/accept/': () => {
          accepted.push(57);
          state.orders = state.orders.map((order) => ({ ...order, status: 'accepted' as const }));
          return ok(state.orders[0], 'Đã nhận đơn');
        },
      });
      signInAsStaff('owner');
      document.title = 'Món Ngon';
      const user = userEvent.setup();
      renderLiveApp('/orders');
      await screen.findByText(text.orders.staffEmpty, {}, slow);
      const row = screen.getByRole('group', { name: t.connection });
      await within(row).findByText('Trực tiếp', {}, slow);
      expect(within(row).getByRole('button', { name: 'Bật chuông' })).toBeInTheDocument();
      expect(within(row).getByText(t.notificationsUnsupported)).toBeInTheDocument();
      expect(document.title).toBe('Món Ngon');

      state.orders = [makeOrder({ id: 57, status: 'paid' })];
      stream.send('order.created', {
        order_id: 57,
        restaurant_id: 3,
        status: 'paid',
        total_amount: 136_000,
      });

      await screen.findByRole('link', { name: /^Đơn #57\b/ }, slow);
      const banner = await screen.findByRole('alert', { name: 'Đơn mới #57' }, slow);
      await waitFor(() => expect(document.title).toBe('(1) Món Ngon'), slow);

      await user.click(within(banner).getByRole('button', { name: 'Nhận đơn' }));
      await waitFor(() => expect(accepted).toEqual([57]), slow);
      await waitFor(
        () => expect(screen.queryByRole('alert', { name: 'Đơn mới #57' })).toBeNull(),
        slow,
      );
      stream.send('order.updated', { order_id: 57, restaurant_id: 3, status: 'accepted' });
      await waitFor(() => expect(document.title).toBe('Món Ngon'), slow);
      expect(api.callsTo(EVENTS)).toHaveLength(1);
    },
  );
});

describe('an order step whose own event arrives before its reply', () => {
  it('still says the step went through, although the event already swapped the buttons out', async () => {
    const events = eventStream();
    stream = events;
    const state = { order: makeOrder({ id: 57, status: 'done' }) };
    const api = stubApi({
      [EVENTS]: events.handler,
      'GET /api/staff/orders/57/': () => ok(state.order),
      'PUT /api/staff/orders/57/complete/': async () => {
        // The server commits, the stream tells of it, and only then does the reply arrive.
        state.order = { ...state.order, status: 'completed' };
        events.send('order.updated', { order_id: 57, restaurant_id: 3, status: 'completed' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        return ok(state.order, 'Đã hoàn thành đơn');
      },
      'GET /api/payment/wallet/balance/': () => ok({ balance: 0 }),
    });
    signInAsStaff('owner');
    const user = userEvent.setup();
    renderLiveApp('/orders/57');
    const complete = await screen.findByRole('button', { name: text.orders.complete }, slow);
    await waitFor(() => expect(api.callsTo(EVENTS)).toHaveLength(1), slow);
    await user.click(complete);
    await waitFor(
      () => expect(screen.queryByRole('button', { name: text.orders.complete })).toBeNull(),
      slow,
    );
    await findToast(text.orders.completed);
  });
});

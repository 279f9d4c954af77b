import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract/orders';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { makeOrder, makeOrderItem, signInAsCustomer, signInAsStaff } from './orders-fake-api';

const t = text.orders;

/**
 * Order #123 of a milk-tea and phở shop: a size, two toppings and a note on the first line, a
 * dish without choices on the second, and markup typed by a customer in a note.
 */
function ticketOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: 123,
    status: 'paid',
    // 23:30 on 1 March in Hà Nội is already 2 March there.
    created_at: '2026-03-01T17:30:00.000Z',
    subtotal: 151_000,
    discount: 15_000,
    total_amount: 136_000,
    total: 136_000,
    delivery_note: 'Gọi trước khi giao <b>nhé</b>',
    items: [
      makeOrderItem({
        id: 901,
        food_name: 'Trà sữa trân châu',
        quantity: 2,
        price: 55_000,
        subtotal: 110_000,
        toppings: [
          { id: 101, name: 'Trân châu', price: 5_000 },
          { id: 102, name: 'Thạch', price: 5_000 },
        ],
        options: [
          { id: 302, group: 'Size', name: 'L', price: 10_000 },
          { id: 101, group: 'Topping', name: 'Trân châu', price: 5_000 },
          { id: 102, group: 'Topping', name: 'Thạch', price: 5_000 },
        ],
        note: 'không hành <script>x</script>',
      }),
      makeOrderItem({
        id: 902,
        food_id: 15,
        food_name: 'Bún chả Hà Nội',
        quantity: 1,
        price: 41_000,
        subtotal: 41_000,
        toppings: [{ id: 111, name: 'Nem rán', price: 0 }],
        options: [],
        note: '  ',
      }),
    ],
    ...overrides,
  });
}

async function openTicket(order: Order) {
  const api = stubApi({ 'GET /api/staff/orders/123/': () => ok(order) });
  signInAsStaff('owner');
  const user = userEvent.setup();
  const rendered = renderApp('/staff/orders/123/ticket');
  const ticket = await screen.findByRole(
    'article',
    { name: t.ticketTitle(123) },
    { timeout: 5000 },
  );
  return { api, user, ticket, ...rendered };
}

/** The ticket's text line by line, as the printer lays it out; a line's two ends apart. */
const lines = (ticket: HTMLElement) =>
  [...ticket.querySelectorAll('div')]
    .filter((line) => line.querySelector('div') === null)
    .map((line) =>
      line.querySelector(':scope > span + span')
        ? [...line.children].map((part) => part.textContent).join(' | ')
        : line.textContent,
    );

beforeAll(async () => {
  await import('#src/features/orders/pages/kitchen-ticket-page');
  await import('#src/features/orders/pages/order-page');
}, 30_000);

beforeEach(() => {
  logout();
});

describe('the kitchen ticket at /staff/orders/{id}/ticket', { timeout: 20_000 }, () => {
  it('prints the number, the Vietnamese time, each dish with its choices and note, and the total', async () => {
    const { ticket } = await openTicket(ticketOrder());
    const view = within(ticket);
    expect(view.getByText('#123')).toBeInTheDocument();
    expect(view.getByText('02/03/2026 00:30')).toBeInTheDocument();
    expect(view.getByText('2 x Trà sữa trân châu')).toBeInTheDocument();
    expect(view.getByText('Size: L')).toBeInTheDocument();
    expect(view.getByText('Topping: Trân châu, Thạch')).toBeInTheDocument();
    // Typed markup stays text.
    expect(view.getByText('Ghi chú: không hành <script>x</script>')).toBeInTheDocument();
    expect(ticket.querySelector('script')).toBeNull();
    // A dish from before option groups lists its toppings; a blank note prints nothing.
    expect(view.getByText('1 x Bún chả Hà Nội')).toBeInTheDocument();
    expect(view.getByText('Topping: Nem rán')).toBeInTheDocument();
    expect(view.getAllByText(/^Ghi chú:/)).toHaveLength(1);

    expect(lines(ticket)).toEqual([
      'Phở Thìn Lò Đúc',
      '#123',
      '02/03/2026 00:30',
      '2 x Trà sữa trân châu | 110.000 ₫',
      'Size: L',
      'Topping: Trân châu, Thạch',
      'Ghi chú: không hành <script>x</script>',
      '1 x Bún chả Hà Nội | 41.000 ₫',
      'Topping: Nem rán',
      'Tạm tính | 151.000 ₫',
      'Giảm giá | -15.000 ₫',
      'Tổng tiền | 136.000 ₫',
      'Khách: Nguyễn Thị Lan',
      'Địa chỉ: 12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      'Số điện thoại: 0912345678',
      'Ghi chú giao hàng: Gọi trước khi giao <b>nhé</b>',
    ]);
    expect(ticket.querySelector('b')).toBeNull();
  });

  it('leaves out what the order does not have', async () => {
    const { ticket } = await openTicket(ticketOrder({ discount: 0, delivery_note: ' ' }));
    expect(within(ticket).queryByText(t.discount)).not.toBeInTheDocument();
    expect(within(ticket).queryByText(/Ghi chú giao hàng/)).not.toBeInTheDocument();
  });

  it("sets an 80 mm page as long as the ticket, without margins, and 'In' prints", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    // jsdom draws nothing: the ticket is given the height a browser would, 75.6 mm.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 272, height: 285.7 }),
    );
    const { user, container } = await openTicket(ticketOrder());
    const rules = () => [...container.querySelectorAll('style')].map((style) => style.textContent);
    // 285.7 px is 75.6 mm, rounded up, with 4 mm to spare.
    await waitFor(() => expect(rules()).toContain('@page { size: 80mm 80mm; margin: 0; }'));
    await user.click(screen.getByRole('button', { name: t.ticketPrint }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: t.ticketBack })).toHaveAttribute('href', '/orders/123');
  });

  it('keeps an A4 length until the ticket is drawn', async () => {
    const { container } = await openTicket(ticketOrder());
    const rules = [...container.querySelectorAll('style')].map((style) => style.textContent);
    expect(rules).toContain('@page { size: 80mm 297mm; margin: 0; }');
  });

  it('says so when the order cannot be loaded', async () => {
    stubApi({
      'GET /api/staff/orders/123/': () => fail(404, 'Không tìm thấy đơn hàng', 'NOT_FOUND'),
    });
    signInAsStaff('owner');
    renderApp('/staff/orders/123/ticket');
    expect(
      await screen.findByText('Không tìm thấy đơn hàng', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.detailFailed)).toBeInTheDocument();
  });

  it("is opened from the staff order page with 'In phiếu'", async () => {
    stubApi({
      'GET /api/staff/orders/123/': () => ok(ticketOrder({ status: 'completed' })),
    });
    signInAsStaff('owner');
    const user = userEvent.setup();
    const { router } = renderApp('/orders/123');
    await user.click(await screen.findByRole('link', { name: t.printTicket }, { timeout: 5000 }));
    expect(router.state.location.pathname).toBe('/staff/orders/123/ticket');
    expect(await screen.findByRole('article', { name: t.ticketTitle(123) })).toBeInTheDocument();
  });

  it("is no customer's: no 'In phiếu' on their order page, and the route sends them home", async () => {
    stubApi({
      'GET /api/customer/orders/123/': () => ok(ticketOrder()),
      'GET /api/payment/wallet/balance/': () => ok({ balance: 0 }),
    });
    signInAsCustomer();
    const { router } = renderApp('/orders/123');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #123' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: t.printTicket })).not.toBeInTheDocument();
    await router.navigate('/staff/orders/123/ticket');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#contract/orders';
import { foodQueries } from '#src/api/food';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, jsonResponse, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { makeFood } from './food-fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import {
  makeOrder,
  makeOrderItem,
  orderPage,
  setOnline,
  signInAsCustomer,
  signInAsStaff,
} from './orders-fake-api';

const t = text.orders;
const REVIEWS = 'POST /api/customer/reviews/';

/** A completed order with two dishes, the second already reviewed unless said otherwise. */
function completedOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    status: 'completed',
    items: [
      makeOrderItem(),
      makeOrderItem({
        id: 902,
        food_id: 15,
        food_name: 'Bún chả Hà Nội',
        food_image: null,
        price: 45_000,
        quantity: 1,
        subtotal: 45_000,
        toppings: [],
        has_reviewed: true,
      }),
    ],
    ...overrides,
  });
}

/**
 * Opens /orders/42 as its customer. The GET answers what `state.order` holds, so a review the
 * fake server accepted is what the refetch then reads.
 */
async function openAsCustomer(order: Order, routes: Record<string, ApiHandler> = {}) {
  const state = { order };
  const api = stubApi({
    'GET /api/customer/orders/42/': () => ok(state.order),
    'GET /api/customer/orders/': () => ok(orderPage([state.order])),
    ...routes,
  });
  signInAsCustomer();
  const user = userEvent.setup();
  const rendered = renderApp('/orders/42');
  await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #42' }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

/** The server's POST /api/customer/reviews/: marks the item reviewed, answers 201. */
function acceptsReview(state: { order: Order }): ApiHandler {
  return (call) => {
    const body = call.json as { order_item_id: number; food_id: number; rating: number };
    state.order = {
      ...state.order,
      items: state.order.items.map((item) =>
        item.id === body.order_item_id ? { ...item, has_reviewed: true } : item,
      ),
    };
    return jsonResponse(201, {
      success: true,
      message: 'Đã gửi đánh giá',
      data: {
        id: 77,
        rating: body.rating,
        comment: '',
        created_at: '2026-03-03T10:00:00.000Z',
        customer_name: 'Lan',
        customer_id: 7,
        food_name: 'Phở bò tái lăn',
        order_item_id: body.order_item_id,
      },
    });
  };
}

const reviews = () => screen.getByRole('region', { name: t.reviews });
const dish = (name: string) => within(reviews()).getByRole('listitem', { name });

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('per-dish reviews on /orders/{id} (spec 2.14, sections 4, 5 and 8)', () => {
  it("offers a form for each dish not yet reviewed and 'Đã đánh giá' for the others", async () => {
    await openAsCustomer(completedOrder());
    const pho = dish('Phở bò tái lăn');
    expect(within(pho).getByRole('combobox', { name: t.ratingLabel })).toBeInTheDocument();
    expect(within(pho).getByRole('button', { name: t.submitReview })).toBeEnabled();
    expect(within(pho).queryByText('Đã đánh giá')).not.toBeInTheDocument();
    const bunCha = dish('Bún chả Hà Nội');
    expect(within(bunCha).getByText('Đã đánh giá')).toBeInTheDocument();
    expect(within(bunCha).queryByRole('button', { name: t.submitReview })).toBeNull();
  });

  it('starts at 5 stars with the choices 5 to 1 and an empty, optional comment', async () => {
    await openAsCustomer(completedOrder());
    const pho = dish('Phở bò tái lăn');
    const stars = within(pho).getByRole('combobox', { name: t.ratingLabel });
    expect(stars).toHaveValue('5');
    expect(
      within(stars)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['5', '4', '3', '2', '1']);
    const comment = within(pho).getByRole('textbox', { name: t.commentLabel });
    expect(comment).toHaveValue('');
    expect(comment).not.toBeRequired();
  });

  it("sends the rating as a number with the item, says 'Đã gửi đánh giá', then 'Đã đánh giá'", async () => {
    const opened = await openAsCustomer(completedOrder());
    opened.api.on(REVIEWS, acceptsReview(opened.state));
    const pho = dish('Phở bò tái lăn');
    await opened.user.selectOptions(
      within(pho).getByRole('combobox', { name: t.ratingLabel }),
      '4',
    );
    await opened.user.type(
      within(pho).getByRole('textbox', { name: t.commentLabel }),
      '  Nước dùng ngọt, thịt mềm  ',
    );
    await opened.user.click(within(pho).getByRole('button', { name: t.submitReview }));

    expect(await findToast('Đã gửi đánh giá')).toBeInTheDocument();
    expect(opened.api.callsTo(REVIEWS)).toHaveLength(1);
    expect(opened.api.lastCallTo(REVIEWS).json).toEqual({
      food_id: 12,
      rating: 4,
      comment: 'Nước dùng ngọt, thịt mềm',
      order_item_id: 901,
    });
    await waitFor(() =>
      expect(within(dish('Phở bò tái lăn')).getByText('Đã đánh giá')).toBeInTheDocument(),
    );
    expect(within(dish('Phở bò tái lăn')).queryByRole('button')).toBeNull();
    // The order is read again, so the server's word stands.
    await waitFor(() => expect(opened.api.callsTo('GET /api/customer/orders/42/')).toHaveLength(2));
    expect(within(dish('Phở bò tái lăn')).getByText('Đã đánh giá')).toBeInTheDocument();
  });

  it("marks the dish's cached reviews and details stale, so its screen shows the new review", async () => {
    const opened = await openAsCustomer(completedOrder());
    opened.api.on(REVIEWS, acceptsReview(opened.state));
    // What the dish screen cached when the customer looked at it earlier.
    const reviewsKey = [...foodQueries.reviews(12), { page: 1, per_page: 5 }];
    opened.queryClient.setQueryData(reviewsKey, {
      items: [],
      pagination: { page: 1, has_next: false },
    });
    opened.queryClient.setQueryData(foodQueries.detail(12).queryKey, makeFood());
    const pho = dish('Phở bò tái lăn');
    await opened.user.click(within(pho).getByRole('button', { name: t.submitReview }));
    expect(await findToast('Đã gửi đánh giá')).toBeInTheDocument();
    await waitFor(() =>
      expect(opened.queryClient.getQueryState(reviewsKey)?.isInvalidated).toBe(true),
    );
    expect(opened.queryClient.getQueryState(foodQueries.detail(12).queryKey)?.isInvalidated).toBe(
      true,
    );
  });

  it('sends 5 stars and an empty comment when nothing is changed', async () => {
    const opened = await openAsCustomer(completedOrder());
    opened.api.on(REVIEWS, acceptsReview(opened.state));
    await opened.user.click(
      within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview }),
    );
    expect(await findToast('Đã gửi đánh giá')).toBeInTheDocument();
    expect(opened.api.lastCallTo(REVIEWS).json).toEqual({
      food_id: 12,
      rating: 5,
      comment: '',
      order_item_id: 901,
    });
  });

  it('sends once while submitting', async () => {
    const opened = await openAsCustomer(completedOrder());
    let answer: (response: Response) => void = () => undefined;
    opened.api.on(REVIEWS, () => new Promise<Response>((resolve) => (answer = resolve)));
    const submit = within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview });
    await opened.user.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('data-loading', 'true'));
    await opened.user.click(submit);
    expect(opened.api.callsTo(REVIEWS)).toHaveLength(1);
    answer(fail(500, ''));
    expect(await findToast('Không thể gửi đánh giá')).toBeInTheDocument();
  });

  it("says 'Không thể gửi đánh giá' when the server gives no reason, and keeps the form", async () => {
    const opened = await openAsCustomer(completedOrder(), {
      [REVIEWS]: () => new Response('Bad gateway', { status: 502 }),
    });
    await opened.user.click(
      within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview }),
    );
    expect(await findToast('Không thể gửi đánh giá')).toBeInTheDocument();
    expect(
      within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview }),
    ).toBeEnabled();
    expect(within(dish('Phở bò tái lăn')).queryByText('Đã đánh giá')).toBeNull();
  });

  it("shows the server's reason, and 'Đã đánh giá' when it was reviewed elsewhere", async () => {
    const opened = await openAsCustomer(completedOrder());
    opened.api.on(REVIEWS, () => {
      // Reviewed from another device meanwhile.
      opened.state.order = completedOrder({
        items: completedOrder().items.map((item) => ({ ...item, has_reviewed: true })),
      });
      return fail(409, 'Bạn đã đánh giá món này trong đơn hàng này', 'ALREADY_REVIEWED');
    });
    await opened.user.click(
      within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview }),
    );
    expect(await findToast('Bạn đã đánh giá món này trong đơn hàng này')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dish('Phở bò tái lăn')).getByText('Đã đánh giá')).toBeInTheDocument(),
    );
  });

  it('needs the network to send', async () => {
    await openAsCustomer(completedOrder());
    setOnline(false);
    const submit = within(dish('Phở bò tái lăn')).getByRole('button', { name: t.submitReview });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(screen.getByText(t.reviewNeedsNetwork)).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it.each(['pending', 'paid', 'accepted', 'done', 'cancelled'] as const)(
    'offers no review on a %s order',
    async (status: OrderStatus) => {
      await openAsCustomer(completedOrder({ status }));
      expect(screen.queryByRole('region', { name: t.reviews })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: t.submitReview })).toBeNull();
    },
  );

  it('offers staff no review form on a completed order', async () => {
    stubApi({
      'GET /api/staff/orders/42/': () => ok(completedOrder()),
      'GET /api/staff/orders/': () => ok(orderPage([])),
    });
    signInAsStaff('owner');
    renderApp('/orders/42');
    await screen.findByRole('heading', { level: 1, name: 'Đơn hàng #42' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: t.reviews })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.submitReview })).toBeNull();
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '#contract/catalogue';
import type { ReviewableItem } from '#contract/reviews';
import { reviewQueries } from '#src/api/reviews';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, jsonResponse, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { createTestQueryClient, renderApp } from '../setup/render';
import { findToast } from './find-toast';
import { makeFood, makeReview, reviewPage } from './food-fake-api';
import { setOnline, signInAsCustomer, signInAsStaff } from './orders-fake-api';

const t = text.food;
const o = text.orders;
const ELIGIBILITY = 'GET /api/customer/reviews/12/eligibility/';
const REVIEWS = 'POST /api/customer/reviews/';

/**
 * The dish's server: the latest reviews and the caller's item to review are what `state` holds,
 * so a review the fake server accepted is what the refetches then read.
 */
interface DishState {
  reviews: Review[];
  /** The caller's unreviewed items of the dish, oldest first: the first is the form's. */
  items: ReviewableItem[];
}

function dishServer(state: DishState, routes: Record<string, ApiHandler> = {}) {
  return stubApi({
    'GET /api/food/12/': () => ok(makeFood()),
    'GET /api/customer/reviews/12/': () => ok(reviewPage(state.reviews)),
    [ELIGIBILITY]: () => ok({ order_item: state.items[0] ?? null }),
    ...routes,
  });
}

/** POST /api/customer/reviews/ as the server answers it: 201 with the review, the item spent. */
function acceptsReview(state: DishState): ApiHandler {
  return (call) => {
    const body = call.json as { order_item_id: number; rating: number; comment: string };
    const review = makeReview({
      id: 77 + state.reviews.length,
      rating: body.rating,
      comment: body.comment,
      created_at: '2026-03-03T10:00:00.000Z',
      customer_name: 'Lan',
    });
    state.reviews = [review, ...state.reviews];
    state.items = state.items.filter((item) => item.id !== body.order_item_id);
    return jsonResponse(201, {
      success: true,
      message: 'Đã gửi đánh giá',
      data: { ...review, order_item_id: body.order_item_id },
    });
  };
}

async function openDish() {
  const user = userEvent.setup();
  const rendered = renderApp('/food/12');
  await screen.findByRole('heading', { level: 1, name: 'Phở bò tái lăn' }, { timeout: 5000 });
  return { user, ...rendered };
}

const reviews = () => screen.getByRole('region', { name: t.reviews });
const form = () => within(reviews()).getByRole('form', { name: t.writeReview });
const findForm = () => within(reviews()).findByRole('form', { name: t.writeReview });

const older = { id: 901, order_id: 42 };
const newer = { id: 905, order_id: 45 };

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('the review form on /food/{id} (spec 2.9, sections 4, 5 and 8)', () => {
  it('offers a customer who bought the dish stars 5 to 1, a comment and submit, with the note', async () => {
    dishServer({ reviews: [makeReview()], items: [older] });
    signInAsCustomer();
    await openDish();
    const reviewForm = await findForm();
    const stars = within(reviewForm).getByRole('combobox', { name: o.ratingLabel });
    expect(stars).toHaveValue('5');
    expect(
      within(stars)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '5 sao - Tuyệt vời',
      '4 sao - Tốt',
      '3 sao - Bình thường',
      '2 sao - Tệ',
      '1 sao - Rất tệ',
    ]);
    const comment = within(reviewForm).getByRole('textbox', { name: o.commentLabel });
    expect(comment).toHaveValue('');
    expect(comment).not.toBeRequired();
    expect(within(reviewForm).getByRole('button', { name: 'Gửi đánh giá' })).toBeEnabled();
    expect(
      within(reviews()).getByText('Bạn chỉ có thể đánh giá món ăn sau khi đã mua.'),
    ).toBeInTheDocument();
  });

  it('shows a customer who has nothing to review the note, not the form', async () => {
    const api = dishServer({ reviews: [makeReview()], items: [] });
    signInAsCustomer();
    await openDish();
    await waitFor(() => expect(api.callsTo(ELIGIBILITY)).toHaveLength(1));
    expect(
      await within(reviews()).findByText('Bạn chỉ có thể đánh giá món ăn sau khi đã mua.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t.writeReview })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gửi đánh giá' })).toBeNull();
    // The reviews themselves still show.
    expect(within(reviews()).getByText('Nước dùng đậm đà, sẽ quay lại.')).toBeInTheDocument();
  });

  it('shows staff the note, not the form, without asking', async () => {
    const api = dishServer({ reviews: [], items: [older] });
    signInAsStaff('owner');
    await openDish();
    expect(
      within(reviews()).getByText('Bạn chỉ có thể đánh giá món ăn sau khi đã mua.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t.writeReview })).toBeNull();
    expect(api.callsTo(ELIGIBILITY)).toHaveLength(0);
  });

  it('asks again on every visit: an order delivered since the last one brings the form', async () => {
    dishServer({ reviews: [], items: [older] });
    signInAsCustomer();
    // The app's minute of freshness, and the answer of a visit before the order was delivered.
    const queryClient = createTestQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
    queryClient.setQueryData(reviewQueries.eligibility(12).queryKey, { order_item: null });
    renderApp('/food/12', { queryClient });
    await screen.findByRole('heading', { level: 1, name: 'Phở bò tái lăn' }, { timeout: 5000 });
    expect(await findForm()).toBeInTheDocument();
  });

  it('says the form needs the network while offline', async () => {
    dishServer({ reviews: [], items: [older] });
    signInAsCustomer();
    await openDish();
    await findForm();
    setOnline(false);
    const submit = within(form()).getByRole('button', { name: 'Gửi đánh giá' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(within(form()).getByText('Cần kết nối mạng để gửi đánh giá')).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it("sends the item's review like the order page, says 'Đã gửi đánh giá', lists it first and drops the form", async () => {
    const state: DishState = { reviews: [makeReview()], items: [older] };
    const api = dishServer(state);
    api.on(REVIEWS, acceptsReview(state));
    signInAsCustomer();
    const { user } = await openDish();
    const reviewForm = await findForm();
    await user.selectOptions(
      within(reviewForm).getByRole('combobox', { name: o.ratingLabel }),
      '4',
    );
    await user.type(
      within(reviewForm).getByRole('textbox', { name: o.commentLabel }),
      '  Thịt mềm, nước dùng thanh  ',
    );
    await user.click(within(reviewForm).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await findToast('Đã gửi đánh giá')).toBeInTheDocument();
    expect(api.callsTo(REVIEWS)).toHaveLength(1);
    expect(api.lastCallTo(REVIEWS).json).toEqual({
      food_id: 12,
      rating: 4,
      comment: 'Thịt mềm, nước dùng thanh',
      order_item_id: 901,
    });
    await waitFor(() => {
      const first = within(reviews()).getAllByRole('listitem')[0]!;
      expect(within(first).getByText('Thịt mềm, nước dùng thanh')).toBeInTheDocument();
      expect(within(first).getByText('Lan')).toBeInTheDocument();
      expect(within(first).getByRole('img', { name: '4 trên 5 sao' })).toBeInTheDocument();
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: t.writeReview })).toBeNull());
    expect(within(reviews()).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(reviews()).getByText('Bạn chỉ có thể đánh giá món ăn sau khi đã mua.'),
    ).toBeInTheDocument();
    // The server's word: asked again, nothing left to review.
    await waitFor(() => expect(api.callsTo(ELIGIBILITY)).toHaveLength(2));
    expect(screen.queryByRole('form', { name: t.writeReview })).toBeNull();
  });

  it('moves on to the next bought item once one is reviewed', async () => {
    const state: DishState = { reviews: [], items: [older, newer] };
    const api = dishServer(state);
    api.on(REVIEWS, acceptsReview(state));
    signInAsCustomer();
    const { user } = await openDish();
    await user.click(within(await findForm()).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await findToast('Đã gửi đánh giá')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(ELIGIBILITY)).toHaveLength(2));
    const next = await findForm();
    // A fresh form: 5 stars, no comment.
    expect(within(next).getByRole('combobox', { name: o.ratingLabel })).toHaveValue('5');
    await user.click(within(next).getByRole('button', { name: 'Gửi đánh giá' }));
    await waitFor(() => expect(api.callsTo(REVIEWS)).toHaveLength(2));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.json)).toEqual([
      { food_id: 12, rating: 5, comment: '', order_item_id: 901 },
      { food_id: 12, rating: 5, comment: '', order_item_id: 905 },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: t.writeReview })).toBeNull());
  });

  it("shows the server's reason, or 'Không thể gửi đánh giá', and keeps the form", async () => {
    const api = dishServer({ reviews: [], items: [older] });
    api.on(REVIEWS, () => new Response('Bad gateway', { status: 502 }));
    signInAsCustomer();
    const { user } = await openDish();
    await user.click(within(await findForm()).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await findToast('Không thể gửi đánh giá')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Gửi đánh giá' })).toBeEnabled();

    api.on(REVIEWS, () =>
      fail(
        403,
        'Bạn chỉ có thể đánh giá món đã mua trong một đơn hàng đã giao',
        'REVIEW_NOT_ALLOWED',
      ),
    );
    await user.click(within(form()).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(
      await findToast('Bạn chỉ có thể đánh giá món đã mua trong một đơn hàng đã giao'),
    ).toBeInTheDocument();
  });
});

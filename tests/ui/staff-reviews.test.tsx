import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '#contract/catalogue';
import { STAFF_REVIEWS_PAGE_SIZE } from '#src/api/staff-reviews';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { makeReview, reviewPage } from './dashboard-fake-api';
import { requestsTo, signInAsStaff } from './orders-fake-api';

const t = text.staffReviews;
/** Generous: a page change waits for the router, the query and a render. */
const slow = { timeout: 5000 };
const REVIEWS = 'GET /api/staff/reviews/';

/** 25 reviews, newest first, served 10 a page and filtered by q as the server would. */
const ALL: Review[] = Array.from({ length: 25 }, (_, index) =>
  makeReview({
    id: 100 - index,
    rating: (index % 5) + 1,
    food_name: index % 2 === 0 ? 'Phở bò tái lăn' : 'Bún chả Hà Nội',
    comment: `Nhận xét số ${100 - index}`,
    customer_name: `Khách ${100 - index}`,
  }),
);

const serveReviews: ApiHandler = () => {
  const [request] = requestsTo('/api/staff/reviews/').slice(-1);
  const params = request!.url.searchParams;
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  const q = params.get('q')?.toLowerCase();
  const found = q
    ? ALL.filter((review) => review.food_name.toLowerCase().includes(q === 'pho' ? 'phở' : q))
    : ALL;
  const items = found.slice((page - 1) * perPage, page * perPage);
  return ok(
    reviewPage(items, {
      page,
      perPage,
      total: found.length,
      hasNext: page * perPage < found.length,
    }),
  );
};

async function openReviews(list: ApiHandler = serveReviews, path = '/staff/reviews') {
  const api = stubApi({ [REVIEWS]: list });
  signInAsStaff('staff');
  const user = userEvent.setup();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, user, ...rendered };
}

const reviewItems = () => screen.getAllByRole('listitem').filter((item) => item.closest('main'));
const authors = () => screen.queryAllByText(/^Khách \d+$/).map((item) => item.textContent);
const asked = () =>
  requestsTo('/api/staff/reviews/').map((request) => Object.fromEntries(request.url.searchParams));

beforeEach(() => {
  logout();
});

describe('/staff/reviews (spec 2.18)', () => {
  it('lists each review: customer, stars, dish, comment and Hà Nội date', async () => {
    await openReviews(() =>
      ok(
        reviewPage(
          [
            makeReview({
              id: 5,
              rating: 4,
              customer_name: 'Nguyễn Thị Lan',
              food_name: 'Phở bò tái lăn',
              comment: 'Nước dùng đậm đà',
              // 23:30 on 1 March in Hà Nội.
              created_at: '2026-03-01T16:30:00.000Z',
            }),
          ],
          { total: 1 },
        ),
      ),
    );
    const item = (await screen.findByText('Nguyễn Thị Lan')).closest('li')!;
    expect(within(item).getByRole('img', { name: '4 trên 5 sao' })).toBeInTheDocument();
    expect(within(item).getByText('Phở bò tái lăn')).toBeInTheDocument();
    expect(within(item).getByText('Nước dùng đậm đà')).toBeInTheDocument();
    expect(within(item).getByText('01/03/2026')).toBeInTheDocument();
    expect(asked()).toEqual([{ page: '1', per_page: '10' }]);
    expect(STAFF_REVIEWS_PAGE_SIZE).toBe(10);
    expect(screen.getByText('1 đánh giá')).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: t.pages })).not.toBeInTheDocument();
  });

  it("signs a review without a name 'Người dùng'", async () => {
    await openReviews(() => ok(reviewPage([makeReview({ customer_name: null })])));
    expect(await screen.findByText('Người dùng')).toBeInTheDocument();
    expect(t.anonymous).toBe(text.food.anonymous);
  });

  it('pages through the reviews 10 at a time, keeping the page in the address', async () => {
    const { user, router } = await openReviews();
    await waitFor(() => expect(authors()).toHaveLength(10), slow);
    expect(authors()[0]).toBe('Khách 100');
    expect(screen.getByText('25 đánh giá')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: t.pages });
    expect(within(pages).getByRole('button', { name: 'Trang 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Trang 3' })).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Trang 3' }));
    await waitFor(
      () => expect(authors()).toEqual(['Khách 80', 'Khách 79', 'Khách 78', 'Khách 77', 'Khách 76']),
      slow,
    );
    expect(router.state.location.search).toBe('?page=3');

    await user.click(screen.getByRole('button', { name: t.controls.previous }));
    await waitFor(() => expect(authors()[0]).toBe('Khách 90'), slow);
    expect(asked().map((params) => params.page)).toEqual(['1', '3', '2']);
    expect(asked().every((params) => params.per_page === '10')).toBe(true);
  });

  it('opens on the page the address names', async () => {
    await openReviews(serveReviews, '/staff/reviews?page=2');
    await waitFor(() => expect(authors()[0]).toBe('Khách 90'), slow);
    expect(asked()).toEqual([{ page: '2', per_page: '10' }]);
  });

  it('searches after a pause in typing, from the first page', async () => {
    const { user, router } = await openReviews(serveReviews, '/staff/reviews?page=2');
    await waitFor(() => expect(authors()).toHaveLength(10), slow);
    await user.type(screen.getByRole('searchbox', { name: t.search }), 'pho');
    await waitFor(() => expect(router.state.location.search).toBe('?q=pho'), slow);
    await waitFor(() => expect(screen.getByText('13 đánh giá')).toBeInTheDocument(), slow);
    expect(asked().at(-1)).toEqual({ page: '1', per_page: '10', q: 'pho' });
    // One request for the whole word, not one per letter.
    expect(asked().filter((params) => params.q !== undefined)).toHaveLength(1);
  });

  it('searches at once on Enter and says when nothing matches', async () => {
    const { user } = await openReviews();
    await waitFor(() => expect(authors()).toHaveLength(10), slow);
    await user.type(screen.getByRole('searchbox', { name: t.search }), '  cơm tấm {Enter}');
    expect(
      await screen.findByText('Không có đánh giá nào khớp với “cơm tấm”', {}, slow),
    ).toBeInTheDocument();
    expect(asked().at(-1)).toEqual({ page: '1', per_page: '10', q: 'cơm tấm' });
  });

  it('says when the restaurant has no reviews yet', async () => {
    await openReviews(() => ok(reviewPage([], { total: 0 })));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(reviewItems()).toHaveLength(0);
  });

  it('says why the list failed, and tries again on request', async () => {
    let answer: ApiHandler = () => fail(500, 'Máy chủ đang bận');
    const { user } = await openReviews((call) => answer(call));
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Máy chủ đang bận')).toBeInTheDocument();
    answer = () => ok(reviewPage([makeReview()]));
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Nguyễn Thị Lan')).toBeInTheDocument();
  });

  it('asks an account without a restaurant to create or link one', async () => {
    await openReviews(() =>
      fail(404, 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.', 'RESTAURANT_NONE'),
    );
    expect(await screen.findByText(t.notLinked)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkRestaurant })).toHaveAttribute(
      'href',
      '/staff/restaurant',
    );
  });
});

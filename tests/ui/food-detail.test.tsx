import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Food } from '#contract/catalogue';
import { vi as text } from '#src/i18n/vi';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp, renderWithProviders, testRoutes } from '../setup/render';
import { makeFood, makeReview, requestedUrls, reviewPage } from './food-fake-api';

const t = text.food;

function signIn() {
  setSession({
    user: { id: 1, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

/** /food/12 answering `food`, with `reviews` as its latest reviews. */
async function openFood(food: Food = makeFood(), reviews = [makeReview()]) {
  const api = stubApi({
    [`GET /api/food/${food.id}/`]: () => ok(food),
    [`GET /api/customer/reviews/${food.id}/`]: () => ok(reviewPage(reviews)),
  });
  signIn();
  const user = userEvent.setup();
  const rendered = renderApp(`/food/${food.id}`);
  // The first visit also loads the screen's chunk.
  await screen.findByRole('heading', { level: 1, name: food.name }, { timeout: 5000 });
  return { api, user, ...rendered };
}

const section = (name: string) => screen.getByRole('region', { name });
const orderBox = () => section(t.order);

beforeEach(() => {
  logout();
});

describe('the dish screen /food/{id} (spec 2.9)', () => {
  it('shows the back button, name, picture, categories, description and price in VND', async () => {
    const { api } = await openFood();
    expect(screen.getByRole('button', { name: t.back })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Phở bò tái lăn' })).toHaveAttribute(
      'src',
      '/uploads/foods/pho.webp',
    );
    const categories = screen.getByRole('navigation', { name: t.categories });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Món chính', 'Món ăn đường phố']);
    expect(
      screen.getByText('Nước dùng ninh xương bò 12 tiếng, thịt tái lăn gừng tỏi.'),
    ).toBeInTheDocument();
    expect(screen.getByText('45.000 ₫', { exact: false, selector: 'p' })).toHaveTextContent(
      `${t.price}: 45.000 ₫`,
    );
    expect(screen.getByRole('img', { name: '4,5 trên 5 sao' })).toBeInTheDocument();
    expect(screen.getByText('(12 đánh giá)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/food/12/')).toHaveLength(1);
  });

  it('sends a category badge to /search?q={category}', async () => {
    const { user, router } = await openFood();
    const badge = screen.getByRole('link', { name: 'Món ăn đường phố' });
    expect(badge).toHaveAttribute(
      'href',
      '/search?q=M%C3%B3n+%C4%83n+%C4%91%C6%B0%E1%BB%9Dng+ph%E1%BB%91',
    );
    await user.click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Món ăn đường phố');
  });

  it('links the restaurant name to /restaurant/{id} and shows its address, hours, phone and email', async () => {
    await openFood();
    const card = section(t.restaurant);
    expect(within(card).getByRole('link', { name: 'Phở Thìn Lò Đúc' })).toHaveAttribute(
      'href',
      '/restaurant/3',
    );
    const address = within(card).getByRole('link', { name: /13 Lò Đúc, Hai Bà Trưng, Hà Nội/ });
    expect(address).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('13 Lò Đúc, Hai Bà Trưng, Hà Nội')}`,
    );
    expect(address).toHaveAttribute('target', '_blank');
    expect(address.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(address).toHaveAccessibleName(/Mở bản đồ trong thẻ mới/);
    expect(within(card).getByText(/^Thứ 2 – Thứ 6: 07:00–14:00, 17:00–22:00/)).toBeInTheDocument();
    expect(within(card).getByText(/^Thứ 7: 18:00–02:00/)).toBeInTheDocument();
    expect(within(card).getByText(/^Chủ nhật: Đóng cửa/)).toBeInTheDocument();
    expect(within(card).getByText(text.catalogue.openNow)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '0912 345 678' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    );
    expect(within(card).getByRole('link', { name: 'phothin@example.vn' })).toHaveAttribute(
      'href',
      'mailto:phothin@example.vn',
    );
  });

  it('goes to the restaurant when its name is clicked', async () => {
    const { user, router } = await openFood();
    await user.click(screen.getByRole('link', { name: 'Phở Thìn Lò Đúc' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurant/3'));
  });

  it('lists the toppings with their prices', async () => {
    await openFood();
    const toppings = section(t.toppings);
    const items = within(toppings).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Trứng chần+5.000 ₫',
      'Quẩy+3.000 ₫',
      'Thêm thịt bò+20.000 ₫',
    ]);
  });

  it('has no toppings section for a dish without toppings', async () => {
    await openFood(makeFood({ toppings: [] }));
    expect(screen.queryByRole('region', { name: t.toppings })).not.toBeInTheDocument();
  });

  it('counts the quantity with plus and minus, never below 1, and totals price x quantity', async () => {
    const { user } = await openFood();
    const box = orderBox();
    const minus = within(box).getByRole('button', { name: t.decrease });
    const plus = within(box).getByRole('button', { name: t.increase });
    const quantity = within(box).getByRole('status', { name: t.quantity });
    const total = within(box).getByRole('status', { name: t.total });
    expect(quantity).toHaveTextContent('1');
    expect(total).toHaveTextContent('45.000 ₫');
    expect(minus).toBeDisabled();

    await user.click(plus);
    await user.click(plus);
    expect(quantity).toHaveTextContent('3');
    expect(total).toHaveTextContent('135.000 ₫');
    expect(minus).toBeEnabled();

    await user.click(minus);
    await user.click(minus);
    expect(quantity).toHaveTextContent('1');
    expect(total).toHaveTextContent('45.000 ₫');
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(quantity).toHaveTextContent('1');
  });

  it('works the quantity from the keyboard', async () => {
    const { user } = await openFood();
    const plus = within(orderBox()).getByRole('button', { name: t.increase });
    plus.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(within(orderBox()).getByRole('status', { name: t.quantity })).toHaveTextContent('3');
  });

  it('has the add-to-cart button in the order box, and no dialog before it is pressed', async () => {
    await openFood();
    expect(within(orderBox()).getByRole('button', { name: 'Thêm vào giỏ hàng' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Món ăn này hiện không khả dụng' and locks the order box for an unavailable dish", async () => {
    await openFood(makeFood({ available: false }));
    const box = orderBox();
    expect(within(box).getByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: t.increase })).toBeDisabled();
    expect(within(box).getByRole('button', { name: t.decrease })).toBeDisabled();
    expect(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' })).toBeDisabled();
  });

  it('says the same when the restaurant is paused, and marks it paused', async () => {
    const food = makeFood();
    await openFood({ ...food, restaurant: { ...food.restaurant, is_active: false } });
    expect(within(orderBox()).getByText('Món ăn này hiện không khả dụng')).toBeInTheDocument();
    expect(within(section(t.restaurant)).getByText('Tạm ngừng')).toBeInTheDocument();
  });

  it('shows an available dish without that message', async () => {
    await openFood();
    expect(screen.queryByText('Món ăn này hiện không khả dụng')).not.toBeInTheDocument();
  });
});

describe('the latest reviews of a dish (spec 2.9)', () => {
  it('asks for page 1 with 5 items', async () => {
    await openFood();
    await screen.findByText('Nước dùng đậm đà, sẽ quay lại.');
    const [url] = requestedUrls('/api/customer/reviews/12/');
    expect(url?.searchParams.get('page')).toBe('1');
    expect(url?.searchParams.get('per_page')).toBe('5');
  });

  it("shows name or 'Người dùng', stars, comment and the date as dd/mm/yyyy (Vietnam time)", async () => {
    await openFood(makeFood(), [
      makeReview({ id: 1 }),
      makeReview({
        id: 2,
        customer_name: null,
        rating: 3,
        comment: 'Bình thường',
        created_at: '2024-12-31T18:30:00.000Z',
      }),
      makeReview({ id: 3, customer_name: '  ', rating: 1, comment: '' }),
    ]);
    const reviews = section(t.reviews);
    const items = await within(reviews).findAllByRole('listitem');
    expect(items).toHaveLength(3);

    expect(within(items[0]!).getByText('Nguyễn Thị Lan')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: '5 trên 5 sao' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Nước dùng đậm đà, sẽ quay lại.')).toBeInTheDocument();
    // 20:00 UTC on 16 May is 03:00 on 17 May in Hà Nội.
    expect(within(items[0]!).getByText('17/05/2024')).toBeInTheDocument();

    expect(within(items[1]!).getByText('Người dùng')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '3 trên 5 sao' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('01/01/2025')).toBeInTheDocument();

    expect(within(items[2]!).getByText('Người dùng')).toBeInTheDocument();
    expect(within(items[2]!).getByRole('img', { name: '1 trên 5 sao' })).toBeInTheDocument();
  });

  it('says when there is no review yet', async () => {
    await openFood(makeFood({ rating: null, review_count: 0 }), []);
    expect(await screen.findByText(t.noReviews)).toBeInTheDocument();
    expect(screen.getByText(text.catalogue.noRating)).toBeInTheDocument();
  });

  it('keeps the dish on screen when the reviews fail, with a retry', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/food/12/': () => ok(makeFood()),
      'GET /api/customer/reviews/12/': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Lỗi máy chủ') : ok(reviewPage([makeReview()]));
      },
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/food/12');
    expect(await screen.findByText(t.reviewsFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Phở bò tái lăn' })).toBeInTheDocument();
    await user.click(within(section(t.reviews)).getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Nước dùng đậm đà, sẽ quay lại.')).toBeInTheDocument();
  });
});

describe('a dish that cannot be shown', () => {
  it("shows 'Không tìm thấy món ăn' with a home button on a 404", async () => {
    const api = stubApi({
      'GET /api/food/999/': () => fail(404, 'Không tìm thấy món ăn', 'FOOD_NOT_FOUND'),
    });
    signIn();
    renderApp('/food/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy món ăn' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
    expect(api.callsTo('GET /api/customer/reviews/999/')).toHaveLength(0);
  });

  it('treats a path that is not an id as not found, without asking the server', async () => {
    const api = stubApi({});
    signIn();
    renderApp('/food/pho-bo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy món ăn' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/food'))).toHaveLength(0);
  });

  it('says why it failed otherwise, and tries again on request', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/food/12/': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Máy chủ đang bận') : ok(makeFood());
      },
      'GET /api/customer/reviews/12/': () => ok(reviewPage([])),
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/food/12');
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Máy chủ đang bận')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Phở bò tái lăn' }),
    ).toBeInTheDocument();
  });
});

describe('the back button', () => {
  it('goes back to the previous screen', async () => {
    stubApi({
      'GET /api/food/12/': () => ok(makeFood()),
      'GET /api/customer/reviews/12/': () => ok(reviewPage([])),
    });
    signIn();
    const user = userEvent.setup();
    const router = createMemoryRouter(testRoutes, {
      initialEntries: ['/orders', '/food/12'],
      initialIndex: 1,
    });
    renderWithProviders(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: t.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('goes home when the dish was opened directly', async () => {
    stubApi({
      'GET /api/food/12/': () => ok(makeFood()),
      'GET /api/customer/reviews/12/': () => ok(reviewPage([])),
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/food/12');
    await user.click(await screen.findByRole('button', { name: t.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

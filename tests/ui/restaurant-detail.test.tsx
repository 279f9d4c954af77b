import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Dish, Restaurant, RestaurantSummary } from '#contract/catalogue';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { listPage, makeDish, makeRestaurant, makeSummary, requestedUrls } from './food-fake-api';

const t = text.restaurant;

function signIn() {
  setSession({
    user: { id: 1, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
}

const defaultMenu = [
  makeDish({ id: 12, name: 'Phở bò tái lăn', price: 45_000 }),
  makeDish({ id: 14, name: 'Quẩy nóng', price: 10_000, available: false }),
];

/** /restaurant/{id} with its detail, menu and 4 random restaurants. */
async function openRestaurant({
  restaurant = makeRestaurant(),
  menu = defaultMenu,
  random = [20, 3, 21, 22].map((id) => makeSummary({ id })),
}: { restaurant?: Restaurant; menu?: Dish[]; random?: RestaurantSummary[] } = {}) {
  const api = stubApi({
    [`GET /api/restaurant/${restaurant.id}/detail`]: () => ok(restaurant),
    'GET /api/food/': () => ok(listPage(menu)),
    'GET /api/customer/restaurant/random/': () => ok(listPage(random)),
  });
  signIn();
  const user = userEvent.setup();
  const rendered = renderApp(`/restaurant/${restaurant.id}`);
  // The first visit also loads the screen's chunk.
  await screen.findByRole('heading', { level: 1, name: restaurant.name }, { timeout: 5000 });
  return { api, user, ...rendered };
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  logout();
  clearLocation();
});

describe('the restaurant screen /restaurant/{id} (spec 2.10)', () => {
  it('shows the name, the rating with one decimal, the review count and the description', async () => {
    await openRestaurant();
    expect(screen.getByRole('img', { name: '4,5 trên 5 sao' })).toBeInTheDocument();
    expect(screen.getByText('(128 đánh giá)')).toBeInTheDocument();
    expect(screen.getByText('Phở bò gia truyền từ năm 1979.')).toBeInTheDocument();
  });

  it('has badges for the dish count, completed orders and the active state', async () => {
    await openRestaurant();
    expect(screen.getByText('24 món ăn')).toBeInTheDocument();
    expect(screen.getByText('1.234 đơn đã giao')).toBeInTheDocument();
    expect(screen.getByText('Đang hoạt động')).toBeInTheDocument();
    expect(screen.queryByText('Tạm ngừng')).not.toBeInTheDocument();
  });

  it("marks a paused restaurant 'Tạm ngừng'", async () => {
    await openRestaurant({ restaurant: makeRestaurant({ is_active: false }) });
    expect(screen.getByText('Tạm ngừng')).toBeInTheDocument();
    expect(screen.queryByText('Đang hoạt động')).not.toBeInTheDocument();
  });

  it("says 'Chưa có đánh giá' when nobody has rated it", async () => {
    await openRestaurant({
      restaurant: makeRestaurant({
        rating: null,
        avg_rating: null,
        review_count: 0,
        recent_reviews: [],
      }),
    });
    expect(screen.getByText(text.catalogue.noRating)).toBeInTheDocument();
    expect(within(section(t.recentReviews)).getByText(t.noReviews)).toBeInTheDocument();
  });

  it('shows the cover as a banner and the logo, in reserved boxes', async () => {
    const { container } = await openRestaurant();
    const banner = container.querySelector('img[src="/uploads/restaurants/3-cover.webp"]');
    const logo = container.querySelector('img[src="/uploads/restaurants/3-logo.webp"]');
    expect(banner).toHaveAttribute('width');
    expect(banner).toHaveAttribute('height');
    expect(banner).toHaveAttribute('loading', 'eager');
    expect(logo).toHaveAttribute('width', '96');
    expect(logo).toHaveAttribute('height', '96');
  });

  it('gives the address as a maps link, the opening hours, the phone and the email', async () => {
    await openRestaurant();
    const info = section(t.info);
    const address = within(info).getByRole('link', { name: /13 Lò Đúc, Hai Bà Trưng, Hà Nội/ });
    expect(address).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=13%20L%C3%B2%20%C4%90%C3%BAc%2C%20Hai%20B%C3%A0%20Tr%C6%B0ng%2C%20H%C3%A0%20N%E1%BB%99i',
    );
    expect(address).toHaveAttribute('target', '_blank');
    expect(address.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(within(info).getByText(/^Thứ 2 – Thứ 6: 07:00–14:00, 17:00–22:00/)).toBeInTheDocument();
    expect(within(info).getByText(/^Thứ 7: 18:00–02:00/)).toBeInTheDocument();
    expect(within(info).getByText(/^Chủ nhật: Đóng cửa/)).toBeInTheDocument();
    expect(within(info).getByText(text.catalogue.closedNow)).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: '0912 345 678' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    );
    expect(within(info).getByRole('link', { name: 'phothin@example.vn' })).toHaveAttribute(
      'href',
      'mailto:phothin@example.vn',
    );
  });

  it("lists the top dishes with price and 'Đã bán {n}', each to its dish", async () => {
    const { user, router } = await openRestaurant();
    const top = section(t.topFoods);
    const items = within(top).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('45.000 ₫')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Đã bán 120')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Đã bán 1.500')).toBeInTheDocument();
    const link = within(items[1]!).getByRole('link', { name: 'Phở bò chín' });
    expect(link).toHaveAttribute('href', '/food/13');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/food/13'));
  });

  it("signs the recent reviews 'Khách hàng #id', with stars, dish, comment and date", async () => {
    await openRestaurant();
    const items = within(section(t.recentReviews)).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Khách hàng #7')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: '4 trên 5 sao' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Phở bò tái lăn')).toBeInTheDocument();
    expect(within(items[0]!).getByText('17/05/2024')).toBeInTheDocument();
    // The customer's name is not what this list shows (spec 2.10).
    expect(within(items[0]!).queryByText('Nguyễn Thị Lan')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Khách hàng #9')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '2 trên 5 sao' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Hơi mặn.')).toBeInTheDocument();
    expect(within(items[1]!).getByText('01/03/2024')).toBeInTheDocument();
  });
});

describe('the menu (spec 2.10)', () => {
  it('asks for up to 20 dishes of this restaurant and links each to /food/{id}', async () => {
    const { user, router } = await openRestaurant();
    const menu = section(t.menu);
    const dish = await within(menu).findByRole('link', { name: 'Phở bò tái lăn' });
    expect(dish).toHaveAttribute('href', '/food/12');
    expect(within(menu).getByRole('link', { name: 'Quẩy nóng' })).toHaveAttribute(
      'href',
      '/food/14',
    );
    expect(within(menu).getByText('Hết hàng')).toBeInTheDocument();
    // Its own name would only repeat on every card.
    expect(within(menu).queryByText('Phở Thìn Lò Đúc')).not.toBeInTheDocument();
    const [url] = requestedUrls('/api/food/');
    expect(url?.searchParams.get('restaurant_id')).toBe('3');
    // Spec 7.2 names page and per_page for GET /api/food/: the menu is page 1 of 20.
    expect(url?.searchParams.get('page')).toBe('1');
    expect(url?.searchParams.get('per_page')).toBe('20');
    await user.click(dish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/food/12'));
  });

  it('says when the menu is empty', async () => {
    await openRestaurant({ menu: [] });
    expect(await within(section(t.menu)).findByText(t.menuEmpty)).toBeInTheDocument();
  });

  it('says when the menu cannot be loaded, and retries', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/restaurant/3/detail': () => ok(makeRestaurant()),
      'GET /api/food/': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Lỗi máy chủ') : ok(listPage(defaultMenu));
      },
      'GET /api/customer/restaurant/random/': () => ok(listPage([])),
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/restaurant/3');
    const menu = await screen.findByRole('region', { name: t.menu }, { timeout: 5000 });
    expect(await within(menu).findByText(t.menuFailed)).toBeInTheDocument();
    // The rest of the restaurant stays usable.
    expect(screen.getByRole('heading', { level: 1, name: 'Phở Thìn Lò Đúc' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: t.retry }));
    expect(await within(menu).findByRole('link', { name: 'Phở bò tái lăn' })).toBeInTheDocument();
  });
});

describe('similar restaurants (spec 2.10)', () => {
  it('asks for 4 random ones and shows 3, never the current restaurant', async () => {
    await openRestaurant();
    const similar = await screen.findByRole('region', { name: t.similar });
    const links = within(similar).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/restaurant/20',
      '/restaurant/21',
      '/restaurant/22',
    ]);
    expect(within(similar).getByText('Quán số 20')).toBeInTheDocument();
    expect(within(similar).getByText('20 Trần Hưng Đạo, Hoàn Kiếm, Hà Nội')).toBeInTheDocument();
    const [url] = requestedUrls('/api/customer/restaurant/random/');
    expect(url?.searchParams.get('per_page')).toBe('4');
  });

  it('shows at most 3 when the current one is not among the 4', async () => {
    await openRestaurant({ random: [20, 21, 22, 23].map((id) => makeSummary({ id })) });
    const similar = await screen.findByRole('region', { name: t.similar });
    expect(within(similar).getAllByRole('link')).toHaveLength(3);
    expect(within(similar).queryByText('Quán số 23')).not.toBeInTheDocument();
  });

  it('shows fewer when fewer others come back', async () => {
    await openRestaurant({ random: [makeSummary({ id: 3 }), makeSummary({ id: 20 })] });
    const similar = await screen.findByRole('region', { name: t.similar });
    expect(
      within(similar)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/restaurant/20']);
  });

  it('has no section when only the current restaurant comes back', async () => {
    await openRestaurant({ random: [makeSummary({ id: 3 })] });
    await waitFor(() => expect(requestedUrls('/api/customer/restaurant/random/')).toHaveLength(1));
    await within(section(t.menu)).findByRole('link', { name: 'Phở bò tái lăn' });
    expect(screen.queryByRole('region', { name: t.similar })).not.toBeInTheDocument();
  });

  it('sends the delivery location and shows distances when one is set', async () => {
    setLocation({ lat: 21.03, lon: 105.85, address: 'Hoàn Kiếm, Hà Nội' });
    await openRestaurant();
    const similar = await screen.findByRole('region', { name: t.similar });
    expect(within(similar).getAllByText('850 m')).toHaveLength(3);
    const [url] = requestedUrls('/api/customer/restaurant/random/');
    expect(url?.searchParams.get('lat')).toBe('21.03');
    expect(url?.searchParams.get('lon')).toBe('105.85');
  });

  it('leaves distances out without a location', async () => {
    await openRestaurant();
    await screen.findByRole('region', { name: t.similar });
    expect(screen.queryByText('850 m')).not.toBeInTheDocument();
    const [url] = requestedUrls('/api/customer/restaurant/random/');
    expect(url?.searchParams.has('lat')).toBe(false);
  });
});

describe('a restaurant that cannot be shown', () => {
  it("shows 'Không tìm thấy nhà hàng' with a home button on a 404", async () => {
    stubApi({
      'GET /api/restaurant/404/detail': () =>
        fail(404, 'Không tìm thấy nhà hàng', 'RESTAURANT_NOT_FOUND'),
      'GET /api/food/': () => ok(listPage([])),
    });
    signIn();
    renderApp('/restaurant/404');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Không tìm thấy nhà hàng' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: t.back })).toBeInTheDocument();
  });

  it('treats a path that is not an id as not found, without asking the server', async () => {
    const api = stubApi({});
    signIn();
    renderApp('/restaurant/0');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy nhà hàng' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/restaurant'))).toHaveLength(0);
  });

  it('says why it failed otherwise, and tries again on request', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/restaurant/3/detail': () => {
        attempts += 1;
        return attempts === 1 ? fail(503, 'Máy chủ đang bảo trì') : ok(makeRestaurant());
      },
      'GET /api/food/': () => ok(listPage([])),
      'GET /api/customer/restaurant/random/': () => ok(listPage([])),
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/restaurant/3');
    expect(await screen.findByText(t.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Máy chủ đang bảo trì')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Phở Thìn Lò Đúc' }),
    ).toBeInTheDocument();
  });
});

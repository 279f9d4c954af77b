import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { renderApp } from '../setup/render';
import {
  catalogue,
  deferred,
  dish,
  fakePageGeometry,
  fakeSearchApi,
  paramsOf,
  restaurant,
  searchReply,
  serverError,
} from './search-fake-api';

const t = text.search;

let page: ReturnType<typeof fakePageGeometry>;

beforeEach(() => {
  logout();
  clearLocation();
  sessionStorage.clear();
  setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a' } });
  page = fakePageGeometry();
});

afterEach(() => {
  page.restore();
  clearLocation();
});

/** The restaurants on screen (each dish of theirs is an article too). */
const cards = () =>
  screen
    .queryAllByRole('article')
    .filter((article) => article.querySelector('a[href^="/restaurant/"]') !== null);

/** The `index`th element of a list the test expects to be long enough. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`Expected at least ${index + 1} elements`);
  return item;
}

/** Opens `path` and waits for the first results (or the empty text). */
async function openSearch(path = '/search?q=pho') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: new RegExp(t.resultsTitle) });
  await waitFor(() => expect(screen.queryByText(t.loading)).not.toBeInTheDocument());
  return view;
}

describe('/search results (spec 2.8)', () => {
  it('asks GET /api/search/ for page 1 of 10, sorted by distance, with the query of the URL', async () => {
    const api = fakeSearchApi();
    await openSearch('/search?q=ph%E1%BB%9F%20b%C3%B2');
    expect(api.requests).toHaveLength(1);
    // No location stored: no lat and lon; no price or category filter: none of those either.
    expect(paramsOf(api.last())).toEqual({
      page: '1',
      per_page: '10',
      q: 'phở bò',
      sort_by: 'distance',
      sort_order: 'asc',
    });
    expect([...api.last().keys()]).toEqual(['page', 'per_page', 'q', 'sort_by', 'sort_order']);
  });

  it('sends the stored location as lat and lon', async () => {
    setLocation({ lat: 21.0285, lon: 105.8542, address: 'Hoàn Kiếm, Hà Nội' });
    const api = fakeSearchApi();
    await openSearch();
    expect(api.last().get('lat')).toBe('21.0285');
    expect(api.last().get('lon')).toBe('105.8542');
    expect([...api.last().keys()].slice(0, 4)).toEqual(['page', 'per_page', 'lat', 'lon']);
  });

  it('sends q even when the URL has none: empty (spec 7.2 names it, not as optional)', async () => {
    const api = fakeSearchApi();
    await openSearch('/search');
    expect(api.last().get('q')).toBe('');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Kết quả tìm kiếm$/);
  });

  it('titles the results with the query and the number of restaurants from pagination.total', async () => {
    fakeSearchApi(() => searchReply([restaurant(1), restaurant(2)], { pages: 3, total: 1234 }));
    await openSearch();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(t.resultsTitle);
    expect(heading).toHaveTextContent('“pho”');
    expect(screen.getByText('1.234 nhà hàng')).toBeInTheDocument();
  });

  it('says "at least" when the server counted a common search only so far', async () => {
    fakeSearchApi(() => searchReply([restaurant(1)], { pages: 12, total: 111, totalExact: false }));
    await openSearch();
    expect(screen.getByText('111+ nhà hàng')).toBeInTheDocument();
  });

  it('shows each restaurant with picture, name, address and distance, linking to /restaurant/{id}', async () => {
    fakeSearchApi(() =>
      searchReply([
        restaurant(3, {
          name: 'Phở Thìn',
          address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
          image_url: '/uploads/restaurants/3.webp',
          distance_km: 0.85,
        }),
        restaurant(4, { name: 'Phở Bát Đàn', distance_km: 1.24 }),
      ]),
    );
    await openSearch();
    const first = nth(cards(), 0);
    const second = nth(cards(), 1);
    const link = within(first).getByRole('link', { name: /Phở Thìn/ });
    expect(link).toHaveAttribute('href', '/restaurant/3');
    expect(within(link).getByRole('heading', { level: 2, name: 'Phở Thìn' })).toBeInTheDocument();
    expect(within(link).getByText('13 Lò Đúc, Hai Bà Trưng, Hà Nội')).toBeInTheDocument();
    // Spec 9: under 1 km in metres, otherwise km with one decimal.
    expect(within(link).getByText('Cách 850 m')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/restaurants/3.webp');
    expect(within(second).getByRole('link', { name: /Phở Bát Đàn/ })).toHaveAttribute(
      'href',
      '/restaurant/4',
    );
    expect(within(second).getByText('Cách 1,2 km')).toBeInTheDocument();
  });

  it('lists the matching dishes under their restaurant, each leading to /food/{id}', async () => {
    fakeSearchApi(() =>
      searchReply([
        restaurant(3, {
          name: 'Phở Thìn',
          searched_foods: [
            dish(31, { name: 'Phở bò tái lăn', price: 65_000 }),
            dish(32, { name: 'Phở bò chín', price: 60_000, available: false }),
          ],
        }),
      ]),
    );
    await openSearch();
    const row = screen.getByRole('list', { name: t.matchingFoods('Phở Thìn') });
    const items = within(row).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(nth(items, 0)).getByRole('link', { name: 'Phở bò tái lăn' })).toHaveAttribute(
      'href',
      '/food/31',
    );
    expect(within(nth(items, 0)).getByText('65.000 ₫')).toBeInTheDocument();
    expect(within(nth(items, 1)).getByRole('link', { name: 'Phở bò chín' })).toHaveAttribute(
      'href',
      '/food/32',
    );
    expect(within(nth(items, 1)).getByText(text.dishCard.soldOut)).toBeInTheDocument();
    // Spec 2.8: an add button under each dish that can be ordered, none on a sold-out one.
    expect(
      within(nth(items, 0)).getByRole('button', {
        name: text.cart.addNamed('Phở bò tái lăn'),
      }),
    ).toBeInTheDocument();
    expect(
      within(nth(items, 1)).queryByRole('button', { name: text.cart.addNamed('Phở bò chín') }),
    ).not.toBeInTheDocument();
    // The heart stays: a sold-out dish can still be saved.
    expect(
      within(nth(items, 1)).getByRole('button', { name: text.favorites.saveFood }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('marks a paused restaurant', async () => {
    fakeSearchApi(() => searchReply([restaurant(5, { is_active: false })]));
    await openSearch();
    expect(within(nth(cards(), 0)).getByText(t.paused)).toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    const reply = deferred();
    fakeSearchApi(reply.answer);
    renderApp('/search?q=pho');
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
    reply.release(searchReply([restaurant(1)]));
    await waitFor(() => expect(screen.queryByText(t.loading)).not.toBeInTheDocument());
    expect(cards()).toHaveLength(1);
  });

  it("says 'Không tìm thấy món ăn nào' when nothing matches", async () => {
    fakeSearchApi(() => searchReply([], { pages: 0, total: 0 }));
    await openSearch();
    expect(screen.getByText('Không tìm thấy món ăn nào')).toBeInTheDocument();
    expect(screen.queryByText('Đã hiển thị tất cả món ăn')).not.toBeInTheDocument();
    expect(screen.getByText('0 nhà hàng')).toBeInTheDocument();
  });

  it("says 'Đã hiển thị tất cả món ăn' once the last page is in, and not before", async () => {
    fakeSearchApi(catalogue(15));
    await openSearch();
    expect(cards()).toHaveLength(10);
    expect(screen.queryByText('Đã hiển thị tất cả món ăn')).not.toBeInTheDocument();
    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(15));
    expect(screen.getByText('Đã hiển thị tất cả món ăn')).toBeInTheDocument();
    expect(screen.queryByText('Không tìm thấy món ăn nào')).not.toBeInTheDocument();
  });

  it('reads the page count from pagination.total_pages when data.pages is missing', async () => {
    const api = fakeSearchApi((params) => {
      const pageNo = Number(params.get('page'));
      return new Response(
        JSON.stringify({
          success: true,
          message: 'OK',
          data: {
            items: [restaurant(pageNo)],
            pagination: {
              page: pageNo,
              per_page: 10,
              total: 2,
              total_pages: 2,
              has_next: pageNo < 2,
            },
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    await openSearch();
    expect(screen.queryByText(t.end)).not.toBeInTheDocument();
    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText(t.end)).toBeInTheDocument();
  });
});

describe('/search paging (spec section 4)', () => {
  it('appends the next page when scrolled within 100 px of the bottom, not before', async () => {
    const api = fakeSearchApi(catalogue(25));
    await openSearch();
    expect(cards()).toHaveLength(10);

    page.scrollToGap(101);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.requests).toHaveLength(1);

    page.scrollToGap(100);
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(api.last().get('page')).toBe('2');
    // Appended: the first page is still there, in order.
    expect(within(nth(cards(), 0)).getByRole('heading', { name: 'Quán số 1' })).toBeInTheDocument();
    expect(
      within(nth(cards(), 10)).getByRole('heading', { name: 'Quán số 11' }),
    ).toBeInTheDocument();

    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2', '3']);
    // Every page asks for the same search.
    for (const params of api.requests) {
      expect(params.get('q')).toBe('pho');
      expect(params.get('per_page')).toBe('10');
    }
  });

  it('blocks concurrent requests: scrolling again while a page loads asks once', async () => {
    const api = fakeSearchApi(catalogue(25));
    await openSearch();
    const reply = deferred();
    api.answer(reply.answer);
    page.scrollToGap(50);
    page.scrollToGap(10);
    page.scrollToGap(0);
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2']);
    reply.release(catalogue(25)(api.last()));
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(api.requests).toHaveLength(2);
  });

  it('asks nothing more after the last page', async () => {
    const api = fakeSearchApi(catalogue(4));
    await openSearch();
    page.scrollToGap(0);
    page.scrollToGap(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.requests).toHaveLength(1);
  });

  it('loads the next page at once when the first does not fill the window', async () => {
    // A tall window and short pages: the bottom is in view, nothing can be scrolled.
    page.setWindowHeight(2_000);
    const api = fakeSearchApi((params) => {
      const pageNo = Number(params.get('page'));
      return searchReply([restaurant(pageNo)], { page: pageNo, pages: 2, total: 2 });
    });
    renderApp('/search?q=pho');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2']);
  });

  it('logs a failed page with console.warn and leaves the list as it was; the next scroll tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeSearchApi(catalogue(25));
    await openSearch();
    api.answer(serverError);
    page.scrollToGap(0);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(cards()).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Máy chủ đang bận')).not.toBeInTheDocument();
    expect(screen.queryByText(t.end)).not.toBeInTheDocument();

    api.answer(catalogue(25));
    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2', '2']);
  });

  it('keeps the earlier results when a new search fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeSearchApi(catalogue(3));
    await openSearch();
    api.answer(serverError);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: t.inputLabel }), ' bo{Enter}');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(api.last().get('q')).toBe('pho bo');
    expect(cards()).toHaveLength(3);
    // The heading still names the results on screen.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('“pho”');
  });
});

describe('/search scroll position (spec 2.8)', () => {
  it('is saved on leaving and restored on return, from the cached pages without asking again', async () => {
    const api = fakeSearchApi(catalogue(25));
    const user = userEvent.setup();
    const { router } = await openSearch();
    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(20));
    page.scroll(3_100);

    await user.click(within(nth(cards(), 12)).getByRole('link', { name: /Quán số 13/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurant/13'));
    // Saved when the search screen goes, which follows the router's move to the new path.
    await waitFor(() =>
      expect(sessionStorage.getItem('mon-ngon:scroll:/search?q=pho')).toBe('3100'),
    );

    page.scrollTo.mockClear();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(page.scrollTo).toHaveBeenCalledWith(0, 3_100);
    expect(window.scrollY).toBe(3_100);
    expect(api.requests.map((params) => params.get('page'))).toEqual(['1', '2']);
  });

  it('starts at the top when the search is opened by a link rather than by going back', async () => {
    fakeSearchApi(catalogue(25));
    sessionStorage.setItem('mon-ngon:scroll:/search?q=pho', '2000');
    const { router } = renderApp('/profile/edit');
    page.scrollTo.mockClear();
    await act(() => router.navigate('/search?q=pho'));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(page.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(page.scrollTo).not.toHaveBeenCalledWith(0, 2000);
  });
});

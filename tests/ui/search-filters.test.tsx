import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { clearLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { renderApp } from '../setup/render';
import { catalogue, fakePageGeometry, fakeSearchApi, paramsOf } from './search-fake-api';

const t = text.search;
const CATEGORIES = [
  'Đồ ăn vặt',
  'Món chính',
  'Tráng miệng',
  'Món ăn nhanh',
  'Món ăn đường phố',
  'Mì',
];

let page: ReturnType<typeof fakePageGeometry>;

beforeEach(() => {
  logout();
  clearLocation();
  sessionStorage.clear();
  setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a' } });
  page = fakePageGeometry();
});

afterEach(() => {
  vi.useRealTimers();
  page.restore();
});

const searchBox = () => screen.getByRole('searchbox', { name: t.inputLabel });
const filterToggle = () => screen.getByRole('button', { name: t.filters });
const sortSelect = () => screen.getByRole('combobox', { name: t.sortBy });
const fromThumb = () => screen.getByRole('slider', { name: t.priceFrom });
const toThumb = () => screen.getByRole('slider', { name: t.priceTo });
const chip = (name: string) => screen.getByRole('checkbox', { name });
const cards = () =>
  screen
    .queryAllByRole('article')
    .filter((article) => article.querySelector('a[href^="/restaurant/"]') !== null);

/** Opens `path` with real timers and waits for the first results. */
async function openSearch(path = '/search?q=pho') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: new RegExp(t.resultsTitle) });
  await waitFor(() => expect(cards().length).toBeGreaterThan(0));
  return view;
}

/**
 * From here on the clock only moves when the test says so, to check the pauses of spec section
 * 4 to the millisecond. `advance` moves it and lets the requests and renders it set off finish.
 */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library's async wrapper (which user-event goes through) waits on a setTimeout(0) and
  // moves the clock itself only when it sees Jest's fake timers; this lets it see Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const advance = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    // The request, its reply and the cache's batched notifications take a few turns.
    for (let turn = 0; turn < 10; turn += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
  };
  return { user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }), advance };
}

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(filterToggle());
  return screen.getByRole('combobox', { name: t.sortBy });
}

describe('/search box (spec 2.8)', () => {
  it("has the placeholder 'Tìm kiếm món ăn...' and shows the query of the URL", async () => {
    fakeSearchApi();
    await openSearch();
    expect(searchBox()).toHaveAttribute('placeholder', 'Tìm kiếm món ăn...');
    expect(searchBox()).toHaveValue('pho');
    expect(screen.getByRole('search')).toContainElement(searchBox());
  });

  it('applies typed text after a 500 ms pause: nothing before, one request after', async () => {
    const api = fakeSearchApi();
    const { router } = await openSearch();
    const { user, advance } = stopTheClock();
    await user.clear(searchBox());
    await user.type(searchBox(), 'bún bò');
    await advance(499);
    expect(api.requests).toHaveLength(1);
    await advance(1);
    expect(api.requests).toHaveLength(2);
    expect(paramsOf(api.last())).toMatchObject({ page: '1', q: 'bún bò' });
    // The URL holds the query: a reload or the back button finds the same search.
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bún bò');
    await advance(2_000);
    expect(api.requests).toHaveLength(2);
  });

  it('starts the pause anew with every keystroke', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await user.type(searchBox(), ' b');
    await advance(400);
    await user.type(searchBox(), 'o');
    await advance(400);
    expect(api.requests).toHaveLength(1);
    await advance(100);
    expect(api.requests).toHaveLength(2);
    expect(api.last().get('q')).toBe('pho bo');
  });

  it('searches at once on Enter and with the button', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await user.type(searchBox(), ' bo{Enter}');
    await advance(0);
    expect(api.requests).toHaveLength(2);
    expect(api.last().get('q')).toBe('pho bo');

    await user.type(searchBox(), ' tai');
    await user.click(screen.getByRole('button', { name: t.submit }));
    await advance(0);
    expect(api.requests).toHaveLength(3);
    expect(api.last().get('q')).toBe('pho bo tai');
    // The pause that typing started does not ask a second time.
    await advance(1_000);
    expect(api.requests).toHaveLength(3);
  });

  it('skips an identical request: Enter on the same text, or text typed and taken back', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await user.type(searchBox(), '{Enter}');
    await advance(1_000);
    await user.type(searchBox(), ' x{Backspace}{Backspace}');
    await advance(1_000);
    // Spaces around the text do not make another search.
    await user.type(searchBox(), '  ');
    await advance(1_000);
    expect(api.requests).toHaveLength(1);
  });
});

describe("/search 'Bộ lọc' panel (spec 2.8, sections 5 and 9)", () => {
  it('opens and closes on the toggle, with the sort select, the price slider and the six categories', async () => {
    fakeSearchApi();
    const user = userEvent.setup();
    await openSearch();
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: t.sortBy })).not.toBeInTheDocument();

    await user.click(filterToggle());
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(filterToggle().getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(sortSelect());

    // Sort: 'Gần nhất' (distance) by default, or 'Giá' (price).
    expect(sortSelect()).toHaveValue('distance');
    const options = within(sortSelect()).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['distance', 'Gần nhất'],
      ['price', 'Giá'],
    ]);
    expect((options[0] as HTMLOptionElement).selected).toBe(true);

    // Price: 0 to 100000 in steps of 1000, both thumbs named and priced for screen readers.
    for (const thumb of [fromThumb(), toThumb()]) {
      expect(thumb).toHaveAttribute('aria-valuemin', '0');
      expect(thumb).toHaveAttribute('aria-valuemax', '100000');
    }
    expect(fromThumb()).toHaveAttribute('aria-valuenow', '0');
    expect(toThumb()).toHaveAttribute('aria-valuenow', '100000');
    expect(toThumb()).toHaveAttribute('aria-valuetext', '100.000 ₫');
    expect(screen.getByText('0 ₫ – 100.000 ₫')).toBeInTheDocument();

    // Categories: the spec's six, none chosen.
    const group = screen.getByRole('group', { name: t.categories });
    const chips = within(group).getAllByRole('checkbox');
    expect(chips.map((box) => box.getAttribute('value'))).toEqual(CATEGORIES);
    for (const name of CATEGORIES) expect(chip(name)).not.toBeChecked();

    await user.click(filterToggle());
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: t.sortBy })).not.toBeInTheDocument();
  });

  it('sorts by price after a 400 ms pause: nothing before, one request after, back at page 1', async () => {
    const api = fakeSearchApi(catalogue(25));
    await openSearch();
    page.scrollToGap(0);
    await waitFor(() => expect(cards()).toHaveLength(20));
    // Back up to the filters at the top of the page.
    page.scroll(0);
    const { user, advance } = stopTheClock();
    await openFilters(user);
    await user.selectOptions(sortSelect(), 'price');
    await advance(399);
    expect(api.requests).toHaveLength(2);
    await advance(1);
    expect(api.requests).toHaveLength(3);
    expect(paramsOf(api.last())).toEqual({
      page: '1',
      per_page: '10',
      q: 'pho',
      sort_by: 'price',
      sort_order: 'asc',
    });
    // The list starts again from page 1 of the new order.
    expect(cards()).toHaveLength(10);
  });

  it('sends min_price only above 0 and max_price only below 100000', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await openFilters(user);

    fromThumb().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(fromThumb()).toHaveAttribute('aria-valuenow', '2000');
    expect(fromThumb()).toHaveAttribute('aria-valuetext', '2.000 ₫');
    await advance(399);
    expect(api.requests).toHaveLength(1);
    await advance(1);
    expect(api.requests).toHaveLength(2);
    expect(api.last().get('min_price')).toBe('2000');
    expect(api.last().has('max_price')).toBe(false);

    toThumb().focus();
    await user.keyboard('{ArrowLeft}');
    await advance(400);
    expect(api.requests).toHaveLength(3);
    expect(api.last().get('min_price')).toBe('2000');
    expect(api.last().get('max_price')).toBe('99000');
    expect([...api.last().keys()]).toEqual([
      'page',
      'per_page',
      'q',
      'sort_by',
      'sort_order',
      'min_price',
      'max_price',
    ]);

    fromThumb().focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await advance(400);
    expect(api.requests).toHaveLength(4);
    expect(api.last().has('min_price')).toBe(false);
    expect(api.last().get('max_price')).toBe('99000');

    // Back to the whole range: the very first request, answered from the cache.
    toThumb().focus();
    await user.keyboard('{ArrowRight}');
    await advance(1_000);
    expect(api.requests).toHaveLength(4);
  });

  it('moves a price thumb with Home, End, Page Up and Page Down too', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await openFilters(user);

    toThumb().focus();
    await user.keyboard('{PageDown}');
    expect(toThumb()).toHaveAttribute('aria-valuenow', '90000');
    fromThumb().focus();
    await user.keyboard('{End}');
    // The thumbs keep one step apart.
    expect(fromThumb()).toHaveAttribute('aria-valuenow', '89000');
    await user.keyboard('{Home}{PageUp}{PageUp}');
    expect(fromThumb()).toHaveAttribute('aria-valuenow', '20000');
    await advance(400);
    expect(api.requests).toHaveLength(2);
    expect(api.last().get('min_price')).toBe('20000');
    expect(api.last().get('max_price')).toBe('90000');

    toThumb().focus();
    await user.keyboard('{End}');
    await advance(400);
    expect(api.last().get('min_price')).toBe('20000');
    expect(api.last().has('max_price')).toBe(false);
  });

  it('sends the chosen categories comma-joined, in the order of the filter, after one pause', async () => {
    const api = fakeSearchApi();
    const { router } = await openSearch();
    const { user, advance } = stopTheClock();
    await openFilters(user);
    await user.click(chip('Mì'));
    await advance(300);
    await user.click(chip('Đồ ăn vặt'));
    await advance(399);
    expect(api.requests).toHaveLength(1);
    await advance(1);
    expect(api.requests).toHaveLength(2);
    expect(api.last().get('categories')).toBe('Đồ ăn vặt,Mì');
    expect(api.last().get('page')).toBe('1');
    expect(chip('Mì')).toBeChecked();
    expect(new URLSearchParams(router.state.location.search).get('categories')).toBe(
      'Đồ ăn vặt,Mì',
    );
  });

  it('skips identical requests: a change taken back within the pause, or a search already loaded', async () => {
    const api = fakeSearchApi();
    await openSearch();
    const { user, advance } = stopTheClock();
    await openFilters(user);
    await user.click(chip('Món chính'));
    await user.click(chip('Món chính'));
    await advance(1_000);
    expect(api.requests).toHaveLength(1);

    await user.selectOptions(sortSelect(), 'price');
    await advance(400);
    expect(api.requests).toHaveLength(2);
    // Back to distance: those results are still in the cache, so nothing is sent again.
    await user.selectOptions(sortSelect(), 'distance');
    await advance(1_000);
    expect(api.requests).toHaveLength(2);
    expect(cards()).toHaveLength(3);
  });

  it('opens with the filters of the URL applied and the panel showing them', async () => {
    const api = fakeSearchApi();
    await openSearch(
      '/search?q=pho&sort_by=price&min_price=10000&max_price=50000&categories=M%C3%AC,M%C3%B3n%20ch%C3%ADnh',
    );
    expect(api.requests).toHaveLength(1);
    expect(paramsOf(api.last())).toEqual({
      page: '1',
      per_page: '10',
      q: 'pho',
      sort_by: 'price',
      sort_order: 'asc',
      min_price: '10000',
      max_price: '50000',
      categories: 'Món chính,Mì',
    });
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(sortSelect()).toHaveValue('price');
    expect(fromThumb()).toHaveAttribute('aria-valuenow', '10000');
    expect(toThumb()).toHaveAttribute('aria-valuenow', '50000');
    expect(chip('Mì')).toBeChecked();
    expect(chip('Món chính')).toBeChecked();
    expect(chip('Tráng miệng')).not.toBeChecked();
  });

  it('ignores what the URL cannot mean: unknown sort or category, prices out of range', async () => {
    const api = fakeSearchApi();
    await openSearch(
      '/search?q=pho&sort_by=rating&min_price=abc&max_price=500000&categories=Pizza,M%C3%AC',
    );
    expect(paramsOf(api.last())).toEqual({
      page: '1',
      per_page: '10',
      q: 'pho',
      sort_by: 'distance',
      sort_order: 'asc',
      categories: 'Mì',
    });
  });
});

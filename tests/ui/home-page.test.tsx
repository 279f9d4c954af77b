import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation, type UserLocation } from '#src/lib/location';
import { logout, session, setSession, setUser } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { renderApp } from '../setup/render';
import {
  dishes,
  dishPage,
  failReply,
  json,
  makeDish,
  okReply,
  stubQueryApi,
  type QueryRoute,
} from './home-fake-api';
import { fakePageGeometry } from './search-fake-api';

const HANOI: UserLocation = {
  lat: 21.0285114,
  lon: 105.8048173,
  address: 'Số 1 Tràng Tiền, Phường Tràng Tiền, Quận Hoàn Kiếm, Hà Nội',
};
const CATEGORIES = [
  { id: 1, name: 'Đồ ăn vặt' },
  { id: 2, name: 'Món chính' },
  { id: 3, name: 'Mì' },
];

function signInAs(role = 'customer') {
  setSession({ user: { id: 7, name: 'Lan', role }, tokens: { access_token: 'a' } });
}

/** GET /api/food/ answering page n of `pages` (each a list of dishes). */
function foodPages(pages: ReturnType<typeof makeDish>[][]): QueryRoute {
  return ({ params }) => {
    const page = Number(params.get('page'));
    return okReply(dishPage(pages[page - 1] ?? [], page, pages.length));
  };
}

function homeApi(routes: Record<string, QueryRoute> = {}) {
  return stubQueryApi({
    'GET /api/category/': () => okReply(CATEGORIES),
    'GET /api/customer/cart/': () => okReply({ items: [] }),
    ...routes,
  });
}

const main = () => screen.getByRole('main');

beforeAll(async () => {
  // The screen and its dialog are lazy chunks: transform them once up front, so the first test
  // does not spend its find timeout on the cold import.
  await import('#src/features/home/pages/home-page');
  await import('#src/features/home/components/address-dialog');
});

beforeEach(() => {
  logout();
  clearLocation();
});

afterEach(() => {
  clearLocation();
});

describe('the customer home without a location (spec 2.6, section 4)', () => {
  it("opens the address dialog by itself, shows 'Chưa thiết lập' and loads no dishes", async () => {
    const api = homeApi({ 'GET /api/food/': foodPages([dishes(3)]) });
    signInAs();
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
    expect(within(main()).getByText('Chưa thiết lập')).toBeInTheDocument();
    expect(within(main()).getByText(text.home.needLocation)).toBeInTheDocument();
    expect(api.callsTo('GET /api/food/')).toHaveLength(0);
    // The dialog adds no landmark of its own, and its close button has a name.
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('button', { name: text.address.close })).toBeInTheDocument();
  });

  // Toasts sit at the top centre above any dialog (docs/decisions/003): the dialog that opens
  // by itself a second after the sign-in would have 'Đăng nhập thành công!' over its title.
  it('opens by itself only once the sign-in toast is gone', async () => {
    homeApi();
    signInAs();
    act(() => toast.success(text.auth.signedIn));
    renderApp('/');
    await within(await screen.findByRole('main')).findByText(text.home.needLocation);
    expect(screen.getByRole('alert')).toHaveTextContent(text.auth.signedIn);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => notifications.clean());
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
    // A later toast does not take the dialog away again.
    act(() => toast.success('Thành công'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: text.address.title })).toBeInTheDocument();
  });

  it('opens at once from the button even while a toast shows', async () => {
    homeApi();
    signInAs();
    act(() => toast.success(text.auth.signedIn));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(
      await within(await screen.findByRole('main')).findByRole('button', {
        name: text.home.setAddress,
      }),
    );
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text.auth.signedIn);
  });

  it('is not held back by a toast that stays until closed (the update prompt)', async () => {
    homeApi();
    signInAs();
    act(() => {
      notifications.show({ id: 'pwa-update', autoClose: false, message: 'Có phiên bản mới' });
    });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
  });

  it('loads page 1 near the address found in the dialog', async () => {
    const api = homeApi({
      'GET /api/food/': foodPages([dishes(3)]),
      'GET /api/geo/search': () =>
        json([{ lat: '10.7721', lon: '106.6983', display_name: 'Chợ Bến Thành, Quận 1' }]),
    });
    const user = userEvent.setup();
    signInAs();
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: text.address.title });
    await user.type(within(dialog).getByRole('searchbox'), 'Bến Thành{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: text.address.done }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(main()).findByRole('link', { name: 'Phở bò tái 1' })).toBeInTheDocument();
    expect(within(main()).getByText('Chợ Bến Thành, Quận 1')).toBeInTheDocument();
    const [call] = api.callsTo('GET /api/food/');
    expect(call?.params.get('lat')).toBe('10.7721');
    expect(call?.params.get('lon')).toBe('106.6983');
    expect(JSON.parse(localStorage.getItem('userLocation') ?? '')).toEqual({
      lat: 10.7721,
      lon: 106.6983,
      address: 'Chợ Bến Thành, Quận 1',
    });
  });

  it('can be closed and opened again from the set-address button', async () => {
    homeApi();
    const user = userEvent.setup();
    signInAs();
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: text.address.title });
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(main()).getByRole('button', { name: text.home.setAddress }));
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
  });
});

describe('the customer home with a location (spec 2.6)', () => {
  beforeEach(() => {
    setLocation(HANOI);
    signInAs();
  });

  it('shows the first 30 characters of the address, then an ellipsis', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    renderApp('/');
    const preview = await within(await screen.findByRole('main')).findByText(
      'Số 1 Tràng Tiền, Phường Tràng ...',
    );
    expect(preview).toHaveAttribute('title', HANOI.address);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the coordinates when the location has no address', async () => {
    setLocation({ lat: 16.0544, lon: 108.2022, address: null });
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    renderApp('/');
    expect(await screen.findByText('16.054400, 108.202200')).toBeInTheDocument();
  });

  it('opens the dialog from the Address button and from the update button', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: text.home.addressButton }));
    const dialog = await screen.findByRole('dialog', { name: text.address.title });
    // The stored address is the dialog's success line.
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Đã thiết lập: ${HANOI.address}`);
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: text.home.updateAddressLabel }));
    expect(await screen.findByRole('dialog', { name: text.address.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.home.updateAddressLabel })).toHaveTextContent(
      text.home.updateAddress,
    );
  });

  it('asks for page 1, 10 dishes near the stored location, and shows them as cards', async () => {
    const api = homeApi({
      'GET /api/food/': foodPages([[makeDish({ id: 12, name: 'Bún chả Hà Nội', price: 45_000 })]]),
    });
    renderApp('/');
    const link = await within(await screen.findByRole('main')).findByRole('link', {
      name: 'Bún chả Hà Nội',
    });
    expect(link).toHaveAttribute('href', '/food/12');
    const card = link.closest('article');
    expect(card).toHaveTextContent('45.000 ₫');
    expect(card).toHaveTextContent('850 m');
    const [call] = api.callsTo('GET /api/food/');
    expect(Object.fromEntries(call?.params ?? [])).toEqual({
      page: '1',
      per_page: '10',
      lat: String(HANOI.lat),
      lon: String(HANOI.lon),
    });
  });

  it('opens /food/{id} when a dish is clicked', async () => {
    homeApi({ 'GET /api/food/': foodPages([[makeDish({ id: 12, name: 'Bún chả' })]]) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Bún chả' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/food/12'));
  });

  it('loads the next page when the bottom comes within 100 px, not before, until the last page', async () => {
    const page = fakePageGeometry({ items: 'article', itemHeight: 300 });
    try {
      const api = homeApi({ 'GET /api/food/': foodPages([dishes(10, 1), dishes(3, 11)]) });
      renderApp('/');
      expect(await screen.findByRole('link', { name: 'Phở bò tái 10' })).toBeInTheDocument();
      expect(screen.queryByText(text.home.end)).not.toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('GET /api/food/')).toHaveLength(1);

      // Spec section 9: within 100 px of the bottom of the page, and not a pixel before.
      page.scrollToGap(101);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('GET /api/food/')).toHaveLength(1);

      page.scrollToGap(100);
      expect(await screen.findByRole('link', { name: 'Phở bò tái 13' })).toBeInTheDocument();
      const second = api.callsTo('GET /api/food/')[1];
      expect(second?.params.get('page')).toBe('2');
      expect(second?.params.get('per_page')).toBe('10');
      expect(within(main()).getAllByRole('article')).toHaveLength(13);

      // page 2 of 2: nothing more to load.
      expect(await screen.findByText('Đã hiển thị tất cả món ăn')).toBeInTheDocument();
      page.scrollToGap(0);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('GET /api/food/')).toHaveLength(2);
    } finally {
      page.restore();
    }
  });

  it('shows a dish that two pages both carry only once', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(10, 1), dishes(2, 10)]) });
    renderApp('/');
    // jsdom lays nothing out: the page has no height, its bottom is in view and page 2 follows.
    expect(await screen.findByRole('link', { name: 'Phở bò tái 11' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Phở bò tái 10' })).toHaveLength(1);
  });

  it("says 'Không tìm thấy món ăn nào' when there are no dishes", async () => {
    homeApi({ 'GET /api/food/': foodPages([]) });
    renderApp('/');
    expect(await screen.findByText('Không tìm thấy món ăn nào')).toBeInTheDocument();
    expect(screen.queryByText(text.home.end)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("says 'Đã hiển thị tất cả món ăn' when a single page holds every dish", async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(4)]) });
    renderApp('/');
    expect(await screen.findByText('Đã hiển thị tất cả món ăn')).toBeInTheDocument();
    expect(screen.queryByText(text.home.empty)).not.toBeInTheDocument();
  });

  it('only logs a failed dish load (console.warn), with no empty text', async () => {
    const warn = vitest.spyOn(console, 'warn').mockImplementation(() => {});
    const api = homeApi({ 'GET /api/food/': () => failReply(500) });
    renderApp('/');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(api.callsTo('GET /api/food/')).toHaveLength(1);
    expect(screen.queryByText(text.home.empty)).not.toBeInTheDocument();
    expect(screen.queryByText(text.home.end)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not ask again in a loop when the next page fails', async () => {
    const page = fakePageGeometry({ items: 'article', itemHeight: 300 });
    try {
      const warn = vitest.spyOn(console, 'warn').mockImplementation(() => {});
      let failing = true;
      const api = homeApi({
        'GET /api/food/': (call) =>
          call.params.get('page') === '2' && failing
            ? failReply(500)
            : foodPages([dishes(10, 1), dishes(1, 11)])(call),
      });
      renderApp('/');
      await screen.findByRole('link', { name: 'Phở bò tái 10' });
      page.scrollToGap(0);
      await waitFor(() => expect(warn).toHaveBeenCalled());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('GET /api/food/')).toHaveLength(2);

      // Scrolling back to the bottom tries again.
      failing = false;
      page.scrollToGap(0);
      expect(await screen.findByRole('link', { name: 'Phở bò tái 11' })).toBeInTheDocument();
      expect(api.callsTo('GET /api/food/')).toHaveLength(3);
    } finally {
      page.restore();
    }
  });
});

describe('the prompt to add a name, for a new customer', () => {
  const prompt = () => screen.queryByRole('region', { name: text.home.namePrompt.title });

  beforeEach(() => {
    setLocation(HANOI);
  });

  it('greets a customer known only by the phone and links to /profile/edit', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    // A customer who never gave a name is called by the phone (contract/profile.ts).
    setSession({
      user: { id: 7, name: '0912345678', full_name: null, phone: '0912345678', role: 'customer' },
      tokens: { access_token: 'a' },
    });
    renderApp('/');
    const card = await waitFor(() => {
      const found = prompt();
      expect(found).not.toBeNull();
      return found!;
    });
    expect(card).toHaveTextContent('Chào bạn mới!');
    expect(card).toHaveTextContent(
      'Thêm tên của bạn để quán và người giao hàng biết gọi bạn thế nào.',
    );
    const add = within(card).getByRole('link', { name: 'Thêm tên' });
    expect(add).toHaveAttribute('href', '/profile/edit');
  });

  it('can be put away for this visit', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    setSession({
      user: { id: 7, name: '0912345678', role: 'customer' },
      tokens: { access_token: 'a' },
    });
    renderApp('/');
    const user = userEvent.setup();
    await within(await screen.findByRole('main')).findByRole('link', { name: 'Phở bò tái 1' });
    await user.click(within(prompt()!).getByRole('button', { name: 'Để sau' }));
    expect(prompt()).toBeNull();
  });

  it('is gone once the name is set', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    setSession({
      user: { id: 7, name: '0912345678', role: 'customer' },
      tokens: { access_token: 'a' },
    });
    renderApp('/');
    await within(await screen.findByRole('main')).findByRole('link', { name: 'Phở bò tái 1' });
    expect(prompt()).not.toBeNull();
    act(() => setUser({ ...session.user, name: 'Lan Nguyễn', full_name: 'Lan Nguyễn' }));
    await waitFor(() => expect(prompt()).toBeNull());
  });

  it('is not shown to a customer who has a name', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    signInAs();
    renderApp('/');
    await within(await screen.findByRole('main')).findByRole('link', { name: 'Phở bò tái 1' });
    expect(prompt()).toBeNull();
  });
});

describe('search and categories on the home (spec 2.6)', () => {
  beforeEach(() => {
    setLocation(HANOI);
    signInAs();
  });

  it('goes to /search?q={text} on submit', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const box = await screen.findByRole('searchbox', { name: text.home.search });
    expect(box).toHaveAttribute('placeholder', 'Tìm kiếm món ăn...');
    await user.type(box, ' bún bò Huế {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bún bò Huế');
  });

  it('goes to /search when the text is empty', async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.type(await screen.findByRole('searchbox', { name: text.home.search }), '  {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('');
  });

  it("links 'Tất cả' to /search and each category to /search?q={name}", async () => {
    homeApi({ 'GET /api/food/': foodPages([dishes(1)]) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const row = await screen.findByRole('navigation', { name: text.home.categories });
    expect(await within(row).findByRole('link', { name: 'Món chính' })).toHaveAttribute(
      'href',
      `/search?${new URLSearchParams({ q: 'Món chính' }).toString()}`,
    );
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tất cả',
      'Đồ ăn vặt',
      'Món chính',
      'Mì',
    ]);
    expect(within(row).getByRole('link', { name: 'Tất cả' })).toHaveAttribute('href', '/search');

    await user.click(within(row).getByRole('link', { name: 'Đồ ăn vặt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Đồ ăn vặt');
  });

  it("keeps only 'Tất cả' when the categories cannot be loaded, silently", async () => {
    const api = homeApi({
      'GET /api/food/': foodPages([dishes(1)]),
      'GET /api/category/': () => failReply(500),
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Phở bò tái 1' });
    await waitFor(() => expect(api.callsTo('GET /api/category/')).toHaveLength(1));
    const row = screen.getByRole('navigation', { name: text.home.categories });
    expect(within(row).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/ for staff-level users', () => {
  it.each(['owner', 'staff'])(
    'shows %s the staff dashboard and nothing of the customer home',
    async (role) => {
      const api = homeApi();
      signInAs(role);
      const { router } = renderApp('/');
      // The lazy route has loaded and rendered.
      await waitFor(() => expect(router.state.initialized).toBe(true));
      expect(await screen.findByRole('banner')).toBeInTheDocument();
      // The dashboard itself: tests/ui/staff-dashboard.test.tsx.
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: text.dashboard.title },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.callsTo('GET /api/category/')).toHaveLength(0);
      expect(api.callsTo('GET /api/food/')).toHaveLength(0);
    },
  );
});

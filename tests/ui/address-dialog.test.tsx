import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { AddressDialog } from '#src/features/home/components/address-dialog';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, locationStore, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { renderWithProviders } from '../setup/render';
import { failReply, json, stubQueryApi } from './home-fake-api';

const HANOI = { lat: '21.0285114', lon: '105.8048173' };
const PLACE = 'Phường Hàng Trống, Quận Hoàn Kiếm, Hà Nội';

type Position = { coords: { latitude: number; longitude: number } };
type PositionCallback = (position: Position) => void;
type ErrorCallback = (error: { code: number; message: string }) => void;

/** navigator.geolocation as a test wants it; `undefined` removes it (no support). */
function stubGeolocation(
  getCurrentPosition: ((ok: PositionCallback, fail: ErrorCallback) => void) | undefined,
) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: getCurrentPosition ? { getCurrentPosition: vitest.fn(getCurrentPosition) } : undefined,
  });
}

function renderDialog() {
  const onClose = vitest.fn();
  const user = userEvent.setup();
  renderWithProviders(<AddressDialog opened onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: text.address.title });
  return { dialog, onClose, user };
}

const stored = () => JSON.parse(localStorage.getItem('userLocation') ?? 'null');

beforeEach(() => {
  clearLocation();
  logout();
});

afterEach(() => {
  // jsdom has no geolocation of its own.
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the address dialog (spec 2.7)', () => {
  it('has the title, a search field, the current-location button and a cancel button', async () => {
    const { dialog, onClose, user } = renderDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Thiết lập địa chỉ giao hàng' }),
    ).toBeVisible();
    // Focus starts in the search field, ready to type.
    await waitFor(() =>
      expect(within(dialog).getByRole('searchbox', { name: text.address.search })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: text.address.useCurrent })).toBeEnabled();
    // Nothing stored yet: no success line and no 'Xong'.
    expect(within(dialog).queryByText(/Đã thiết lập/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: text.address.done })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the stored address on its success line', () => {
    setLocation({ lat: 21.0285, lon: 105.8048, address: PLACE });
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Đã thiết lập: ${PLACE}`);
  });

  it('shows the coordinates to 6 decimals when there is no address', () => {
    setLocation({ lat: 21.0285114, lon: 105.8, address: null });
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Đã thiết lập: 21.028511, 105.800000',
    );
  });
});

describe('address search (spec 2.7, 7.6, section 8)', () => {
  it('searches on Enter with q, format=json and limit=1, then stores the first match', async () => {
    const api = stubQueryApi({
      'GET /api/geo/search': () => json([{ ...HANOI, display_name: PLACE }]),
    });
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), '  Hàng Trống{Enter}');

    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(`Đã thiết lập: ${PLACE}`),
    );
    const [call] = api.callsTo('GET /api/geo/search');
    expect(call?.params.get('q')).toBe('Hàng Trống');
    expect(call?.params.get('format')).toBe('json');
    expect(call?.params.get('limit')).toBe('1');
    expect(locationStore.current).toEqual({ lat: 21.0285114, lon: 105.8048173, address: PLACE });
    expect(stored()).toEqual({ lat: 21.0285114, lon: 105.8048173, address: PLACE });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: text.address.done })).toBeInTheDocument();
  });

  it('also searches from the search button', async () => {
    const api = stubQueryApi({
      'GET /api/geo/search': () => json([{ ...HANOI, display_name: PLACE }]),
    });
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), 'Hoàn Kiếm');
    await user.click(within(dialog).getByRole('button', { name: text.address.searchSubmit }));
    await waitFor(() => expect(api.callsTo('GET /api/geo/search')).toHaveLength(1));
    await waitFor(() => expect(locationStore.current?.address).toBe(PLACE));
  });

  it('needs non-blank text: nothing is sent for spaces', async () => {
    const api = stubQueryApi({});
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), '   {Enter}');
    expect(within(dialog).getByText(text.address.searchRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('searchbox')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it("alerts 'Không tìm thấy địa chỉ này' when nothing is found, and keeps the location", async () => {
    setLocation({ lat: 10.77, lon: 106.7, address: 'Quận 1, TP.HCM' });
    stubQueryApi({ 'GET /api/geo/search': () => json([]) });
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), 'xyz không có{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Không tìm thấy địa chỉ này',
    );
    expect(locationStore.current?.address).toBe('Quận 1, TP.HCM');
  });

  it.each([
    ['a server error', () => failReply(500)],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("alerts 'Có lỗi khi tìm kiếm địa chỉ' on %s", async (_name, answer) => {
    stubQueryApi({ 'GET /api/geo/search': answer });
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), 'Hàng Trống{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Có lỗi khi tìm kiếm địa chỉ',
    );
    expect(locationStore.current).toBeNull();
    expect(stored()).toBeNull();
  });

  it('never sends the access token to the maps service', async () => {
    setSession({ user: { id: 1, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a' } });
    const api = stubQueryApi({
      'GET /api/geo/search': () => json([{ ...HANOI, display_name: PLACE }]),
    });
    const { dialog, user } = renderDialog();
    await user.type(within(dialog).getByRole('searchbox'), 'Hàng Trống{Enter}');
    await waitFor(() => expect(api.callsTo('GET /api/geo/search')).toHaveLength(1));
    expect(api.calls[0]?.authorization).toBeNull();
  });
});

describe('use current location (spec 2.7, section 8)', () => {
  it("says 'Trình duyệt không hỗ trợ định vị' without geolocation", async () => {
    stubGeolocation(undefined);
    const { dialog, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: text.address.useCurrent }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Trình duyệt không hỗ trợ định vị',
    );
    expect(locationStore.current).toBeNull();
  });

  it("says 'Không thể lấy vị trí hiện tại' when the position cannot be had", async () => {
    stubGeolocation((_ok, fail) => fail({ code: 1, message: 'User denied Geolocation' }));
    const api = stubQueryApi({});
    const { dialog, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: text.address.useCurrent }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Không thể lấy vị trí hiện tại',
    );
    expect(api.calls).toHaveLength(0);
    expect(locationStore.current).toBeNull();
  });

  it("reads 'Đang lấy vị trí...' while locating, then stores the position with its Vietnamese name", async () => {
    let answer: PositionCallback = () => {};
    stubGeolocation((ok) => {
      answer = ok;
    });
    const api = stubQueryApi({
      'GET /api/geo/reverse': () => json({ ...HANOI, display_name: PLACE }),
    });
    const { dialog, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: text.address.useCurrent }));

    const busy = within(dialog).getByRole('button', { name: 'Đang lấy vị trí...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // A second press while busy asks nothing more of the browser.
    await user.click(busy);
    expect(navigator.geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);

    answer({ coords: { latitude: 21.0285114, longitude: 105.8048173 } });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(`Đã thiết lập: ${PLACE}`),
    );
    const [call] = api.callsTo('GET /api/geo/reverse');
    expect(call?.params.get('lat')).toBe('21.0285114');
    expect(call?.params.get('lon')).toBe('105.8048173');
    expect(call?.params.get('format')).toBe('json');
    expect(call?.params.get('accept-language')).toBe('vi');
    expect(stored()).toEqual({ lat: 21.0285114, lon: 105.8048173, address: PLACE });
    expect(
      await within(dialog).findByRole('button', { name: text.address.useCurrent }),
    ).not.toHaveAttribute('aria-busy', 'true');
  });

  it.each([
    ["Nominatim's {error}", () => json({ error: 'Unable to geocode' })],
    ['a server error', () => failReply(502)],
  ])(
    'keeps the position with a null address after %s, shown as coordinates',
    async (_name, answer) => {
      const warn = vitest.spyOn(console, 'warn').mockImplementation(() => {});
      stubGeolocation((ok) => ok({ coords: { latitude: 16.0544, longitude: 108.2022 } }));
      stubQueryApi({ 'GET /api/geo/reverse': answer });
      const { dialog, user } = renderDialog();
      await user.click(within(dialog).getByRole('button', { name: text.address.useCurrent }));

      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          'Đã thiết lập: 16.054400, 108.202200',
        ),
      );
      expect(locationStore.current).toEqual({ lat: 16.0544, lon: 108.2022, address: null });
      expect(stored()).toEqual({ lat: 16.0544, lon: 108.2022, address: null });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalled();
    },
  );
});

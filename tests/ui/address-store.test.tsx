import { afterEach, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { addressPreview, truncateAddress } from '#src/features/home/address-text';
import {
  clearLocation,
  describeLocation,
  formatCoordinates,
  locationStore,
  readStoredLocation,
  setLocation,
} from '#src/lib/location';
import { DEFAULT_MAPS_BASE_URL, mapsBaseUrl, searchAddress } from '#src/lib/maps';
import { logout } from '#src/lib/session';
import { json, stubQueryApi } from './home-fake-api';

beforeEach(() => {
  clearLocation();
});

afterEach(() => {
  clearLocation();
});

describe('the stored user location (spec section 3)', () => {
  it("keeps {lat, lon, address} in localStorage under 'userLocation'", () => {
    setLocation({ lat: 10.7769, lon: 106.7009, address: 'Quận 1, TP.HCM' });
    expect(JSON.parse(localStorage.getItem('userLocation') ?? '')).toEqual({
      lat: 10.7769,
      lon: 106.7009,
      address: 'Quận 1, TP.HCM',
    });
    expect(locationStore.current).toEqual({
      lat: 10.7769,
      lon: 106.7009,
      address: 'Quận 1, TP.HCM',
    });
  });

  it('stores a null address as null', () => {
    setLocation({ lat: 10.7769, lon: 106.7009, address: null });
    expect(JSON.parse(localStorage.getItem('userLocation') ?? '')).toEqual({
      lat: 10.7769,
      lon: 106.7009,
      address: null,
    });
  });

  it('is restored from storage, and an unusable value counts as none', () => {
    localStorage.setItem(
      'userLocation',
      JSON.stringify({ lat: 21.03, lon: 105.85, address: 'Hà Nội' }),
    );
    expect(readStoredLocation()).toEqual({ lat: 21.03, lon: 105.85, address: 'Hà Nội' });
    localStorage.setItem('userLocation', JSON.stringify({ lat: 21.03, lon: 105.85 }));
    expect(readStoredLocation()).toEqual({ lat: 21.03, lon: 105.85, address: null });
    for (const bad of ['{', '"x"', '{"lat":"21","lon":105}', '{"lat":91,"lon":105}', 'null']) {
      localStorage.setItem('userLocation', bad);
      expect(readStoredLocation()).toBeNull();
    }
  });

  it('follows a location set in another tab', () => {
    localStorage.setItem(
      'userLocation',
      JSON.stringify({ lat: 16.05, lon: 108.2, address: 'Đà Nẵng' }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'userLocation' }));
    expect(locationStore.current?.address).toBe('Đà Nẵng');
  });

  it('survives logout: the location belongs to the device', () => {
    setLocation({ lat: 21.03, lon: 105.85, address: 'Hà Nội' });
    logout();
    expect(locationStore.current?.address).toBe('Hà Nội');
    expect(localStorage.getItem('userLocation')).not.toBeNull();
  });

  it('clearLocation removes it', () => {
    setLocation({ lat: 21.03, lon: 105.85, address: 'Hà Nội' });
    clearLocation();
    expect(locationStore.current).toBeNull();
    expect(localStorage.getItem('userLocation')).toBeNull();
  });

  it('describes itself by address, else by coordinates to 6 decimals', () => {
    expect(formatCoordinates({ lat: 21.0285114, lon: 105.8 })).toBe('21.028511, 105.800000');
    expect(describeLocation({ lat: 1, lon: 2, address: 'Huế' })).toBe('Huế');
    expect(describeLocation({ lat: 1, lon: 2, address: null })).toBe('1.000000, 2.000000');
  });
});

describe('the address preview (spec 2.6, section 9)', () => {
  it('keeps the first 30 characters, then an ellipsis', () => {
    const address = 'Số 1 Tràng Tiền, Phường Tràng Tiền, Quận Hoàn Kiếm, Hà Nội';
    expect(truncateAddress(address)).toBe('Số 1 Tràng Tiền, Phường Tràng ...');
    expect(Array.from(truncateAddress(address).replace(/\.\.\.$/, ''))).toHaveLength(30);
  });

  it('leaves 30 characters or fewer untouched', () => {
    const thirty = '123456789012345678901234567890';
    expect(truncateAddress(thirty)).toBe(thirty);
    expect(truncateAddress(`${thirty}1`)).toBe(`${thirty}...`);
  });

  it('counts a letter with a combining mark as one character', () => {
    // 'ệ' written as e + two combining marks (NFD) is still one letter.
    const decomposed = 'Nghệ An '.normalize('NFD').repeat(5);
    expect(truncateAddress(decomposed)).toBe(`${'Nghệ An '.repeat(5).slice(0, 30)}...`);
  });

  it('is the coordinates without an address and null without a location', () => {
    expect(addressPreview({ lat: 21.0285114, lon: 105.8048173, address: null })).toBe(
      '21.028511, 105.804817',
    );
    expect(addressPreview(null)).toBeNull();
  });
});

describe('the maps client (spec 7.6)', () => {
  it("defaults to the server's own geocoder and takes a configured base URL", () => {
    expect(DEFAULT_MAPS_BASE_URL).toBe('/api/geo');
    expect(mapsBaseUrl(undefined)).toBe('/api/geo');
    expect(mapsBaseUrl('  ')).toBe('/api/geo');
    expect(mapsBaseUrl('https://nominatim.example.vn/')).toBe('https://nominatim.example.vn');
  });

  it('calls VITE_MAPS_BASE_URL when it is set', async () => {
    vitest.stubEnv('VITE_MAPS_BASE_URL', 'https://geo.example.vn/nominatim');
    const seen: string[] = [];
    vitest.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init).url);
      return json([{ lat: '10.1', lon: '106.2', display_name: 'Nơi nào đó' }]);
    });
    await expect(searchAddress('Bến Thành')).resolves.toEqual({
      lat: 10.1,
      lon: 106.2,
      display_name: 'Nơi nào đó',
    });
    const url = new URL(seen[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://geo.example.vn/nominatim/search');
  });

  it('treats a match with unusable coordinates as no match', async () => {
    stubQueryApi({
      'GET /api/geo/search': () => json([{ lat: 'abc', lon: '106', display_name: 'Sai' }]),
    });
    await expect(searchAddress('Sai')).resolves.toBeNull();
  });
});

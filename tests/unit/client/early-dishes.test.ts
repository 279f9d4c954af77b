import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import html from '../../../index.html?raw';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { takeArrivedEarlyDishes, takeEarlyDishes } from '#src/features/home/api/early-dishes';
import { dishQueries, getDishes, HOME_PAGE_SIZE } from '#src/features/home/api/get-dishes';
import { ok, stubApi } from '../../setup/fake-api';

// index.html's inline script that asks for the home's first dishes before the app loads.
const earlyScript =
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .find((code) => code.includes('__monNgonEarlyDishes')) ?? '';

const PLACE = { lat: 10.7801, lon: 106.7032, address: '45 Lý Tự Trọng' };

const page = (ids: number[]) => ({
  items: ids.map((id) => ({ id, name: `Món ${id}`, image_url: `/uploads/dishes/${id}.webp` })),
  meta: { page: 1, per_page: HOME_PAGE_SIZE, total: ids.length, total_pages: 1 },
});

// The page has just started, as when index.html runs the script (a jsdom shared by many test
// files has been open far longer than the early answer's 15 s).
beforeEach(() => {
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

function runEarlyScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script as the browser runs it
  new Function(earlyScript)();
}

afterEach(() => {
  localStorage.clear();
  delete window.__monNgonEarlyDishes;
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe("the home's early dish request", () => {
  it('asks, for a customer at / with a location, what the home would ask, and preloads two pictures', async () => {
    localStorage.setItem('userType', 'customer');
    localStorage.setItem('userLocation', JSON.stringify(PLACE));
    const api = stubApi({ 'GET /api/food/': () => ok(page([1, 2, 3])) });
    runEarlyScript();

    const fetched = vi.mocked(fetch).mock.calls[0]?.[0];
    expect(fetched).toBe('/api/food/?page=1&per_page=10&lat=10.7801&lon=106.7032');
    expect(window.__monNgonEarlyDishes).toMatchObject({ page: 1, perPage: HOME_PAGE_SIZE });

    // The home's own first request takes that answer instead of asking again.
    const dishes = await getDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE });
    expect(dishes.items.map((dish) => dish.id)).toEqual([1, 2, 3]);
    expect(api.calls).toHaveLength(1);
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/uploads/dishes/1.webp',
      '/uploads/dishes/2.webp',
    ]);

    // Taken once: the next request (a refresh, page 2) asks the server.
    await getDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE });
    expect(api.calls).toHaveLength(2);
  });

  it('asks nothing for a visitor, staff, another path or a device without a location', () => {
    stubApi();
    runEarlyScript();
    localStorage.setItem('userType', 'owner');
    localStorage.setItem('userLocation', JSON.stringify(PLACE));
    runEarlyScript();
    localStorage.setItem('userType', 'customer');
    localStorage.setItem('userLocation', 'not json');
    runEarlyScript();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__monNgonEarlyDishes).toBeUndefined();
  });

  it('is not used for another place or after 15 s, and a failed one falls back to a normal request', async () => {
    localStorage.setItem('userType', 'customer');
    localStorage.setItem('userLocation', JSON.stringify(PLACE));
    const api = stubApi({ 'GET /api/food/': () => ok(page([7])) });
    runEarlyScript();
    expect(
      takeEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, lat: 21.0285, lon: 105.8542 }),
    ).toBeNull();

    runEarlyScript();
    vi.mocked(performance.now).mockReturnValue(16_000);
    expect(takeEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE })).toBeNull();
    vi.mocked(performance.now).mockReturnValue(1_000);

    api.on('GET /api/food/', () => new Response('{}', { status: 503 }));
    runEarlyScript();
    await expect(window.__monNgonEarlyDishes?.reply).rejects.toThrow('HTTP 503');
    api.on('GET /api/food/', () => ok(page([8])));
    const dishes = await getDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE });
    expect(dishes.items.map((dish) => dish.id)).toEqual([8]);
  });

  it('hands an answer that has already arrived to the home query as its first page, once', async () => {
    localStorage.setItem('userType', 'customer');
    localStorage.setItem('userLocation', JSON.stringify(PLACE));
    const api = stubApi({ 'GET /api/food/': () => ok(page([4, 5])) });
    runEarlyScript();
    // Still in flight: nothing to hand over yet, and the request stays for getDishes.
    expect(takeArrivedEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE })).toBeNull();
    await window.__monNgonEarlyDishes?.reply;
    await vi.waitFor(() => expect(window.__monNgonEarlyDishes?.data).toBeDefined());

    // The query made by the home's first render starts with the page: no placeholder render.
    const first = new InfiniteQueryObserver(new QueryClient(), dishQueries.nearby(PLACE));
    expect(first.getCurrentResult().status).toBe('success');
    expect(first.getCurrentResult().data?.pages[0]?.items.map((dish) => dish.id)).toEqual([4, 5]);
    expect(api.calls).toHaveLength(1);

    // Once: another client (a later start) has to ask the server.
    const other = new InfiniteQueryObserver(new QueryClient(), dishQueries.nearby(PLACE));
    expect(other.getCurrentResult().data).toBeUndefined();
    expect(window.__monNgonEarlyDishes).toBeUndefined();
  });

  it('does not hand over an arrived answer for another place or a failed one', async () => {
    localStorage.setItem('userType', 'customer');
    localStorage.setItem('userLocation', JSON.stringify(PLACE));
    const api = stubApi({ 'GET /api/food/': () => ok(page([6])) });
    runEarlyScript();
    await vi.waitFor(() => expect(window.__monNgonEarlyDishes?.data).toBeDefined());
    expect(
      takeArrivedEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, lat: 21.0285, lon: 105.8542 }),
    ).toBeNull();

    api.on('GET /api/food/', () => new Response('{}', { status: 503 }));
    runEarlyScript();
    await expect(window.__monNgonEarlyDishes?.reply).rejects.toThrow('HTTP 503');
    expect(takeArrivedEarlyDishes({ page: 1, perPage: HOME_PAGE_SIZE, ...PLACE })).toBeNull();
  });
});

import { notifications } from '@mantine/notifications';
import { useIsRestoring, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '#src/app/provider';
import { vi as viText } from '#src/i18n/vi';
import { findToast } from './find-toast';
import {
  createQueryClient,
  persistedQuery,
  queryCacheRestored,
  restoreQueryCache,
  savePersistedQueriesNow,
  userCacheKey,
} from '#src/lib/query-client';
import { logout, setSession } from '#src/lib/session';

function prefersDark(dark: boolean) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

afterEach(() => {
  prefersDark(false);
});

describe('theme class on the document root (spec section 3)', () => {
  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
  ])('stored %s with an OS preferring dark=%s gives %s', async (stored, dark, expected) => {
    if (stored) localStorage.setItem('theme', stored);
    prefersDark(dark);
    // What the inline script of index.html leaves behind for the other scheme.
    document.documentElement.classList.add(expected === 'dark' ? 'light' : 'dark');
    render(
      <AppProvider>
        <p>nội dung</p>
      </AppProvider>,
    );
    expect(await screen.findByText('nội dung')).toBeInTheDocument();
    const root = document.documentElement;
    expect(root).toHaveClass(expected);
    expect(root).not.toHaveClass(expected === 'dark' ? 'light' : 'dark');
    expect(root).toHaveAttribute('data-mantine-color-scheme', expected);
  });
});

describe('query cache and the session', () => {
  it("drops the previous user's server data when the session ends", async () => {
    setSession({ user: { id: 1, role: 'customer' }, tokens: { access_token: 'a' } });
    let client: QueryClient | undefined;
    function Probe() {
      client = useQueryClient();
      return <p>sẵn sàng</p>;
    }
    render(
      <AppProvider>
        <Probe />
      </AppProvider>,
    );
    await screen.findByText('sẵn sàng');
    act(() => {
      client!.setQueryData(['orders'], [{ id: 42 }]);
    });
    expect(client!.getQueryData(['orders'])).toEqual([{ id: 42 }]);

    act(() => logout());
    await vi.waitFor(() => expect(client!.getQueryData(['orders'])).toBeUndefined());
  });
});

describe('saving the cache when the app is hidden', () => {
  /** The app's provider around a probe that says 'sẵn sàng' once the stored copy is read back. */
  function renderProvider(): () => QueryClient {
    let client: QueryClient | undefined;
    function Probe() {
      client = useQueryClient();
      // Saves start once the stored copy has been read back.
      return useIsRestoring() ? null : <p>sẵn sàng</p>;
    }
    render(
      <AppProvider>
        <Probe />
      </AppProvider>,
    );
    return () => client!;
  }

  function hidePage() {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
  }

  it('writes the persisted queries at once, not a throttled second later', async () => {
    setSession({ user: { id: 31, role: 'customer' }, tokens: { access_token: 'a' } });
    const client = renderProvider();
    await screen.findByText('sẵn sàng');
    // The provider subscribes its saves in an effect of that same render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const store = createStore('mon-ngon', 'query-cache');
    const saved = () => get<string>(userCacheKey(31), store);
    // A first persisted query, saved by the persister, which then holds its next save a second.
    await act(() =>
      client().prefetchQuery({
        queryKey: ['orders', 'list'],
        queryFn: () => Promise.resolve({ items: [{ id: 8 }] }),
        ...persistedQuery,
      }),
    );
    await vi.waitFor(async () => expect(await saved()).toContain('"id":8'), { timeout: 3000 });
    act(() => {
      client().setQueryData(['orders', 'list'], { items: [{ id: 9 }] });
    });

    hidePage();
    // Well inside the persister's one-second throttle.
    await vi.waitFor(async () => expect(await saved()).toContain('"id":9'), {
      timeout: 300,
      interval: 20,
    });
    act(() => logout());
  });

  /** Signs customer `userId` in with a stored copy of the cache holding order `orderId`. */
  async function storeOrdersOf(userId: number, orderId: number) {
    setSession({ user: { id: userId, role: 'customer' }, tokens: { access_token: 'a' } });
    const earlier = createQueryClient();
    await earlier.prefetchQuery({
      queryKey: ['orders', 'list'],
      queryFn: () => Promise.resolve({ items: [{ id: orderId }] }),
      ...persistedQuery,
    });
    await savePersistedQueriesNow(earlier);
  }

  it('does not write over the stored copy while it is still being read back', async () => {
    await storeOrdersOf(32, 7);
    const store = createStore('mon-ngon', 'query-cache');
    expect(await get<string>(userCacheKey(32), store)).toContain('"id":7');

    const client = renderProvider();
    // Hidden at once, as a page left before IndexedDB has answered.
    hidePage();

    await screen.findByText('sẵn sàng');
    expect(client().getQueryData(['orders', 'list'])).toEqual({ items: [{ id: 7 }] });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await get<string>(userCacheKey(32), store)).toContain('"id":7');
    act(() => logout());
  });

  it('renders restored from the first render when the start has read the copy back', async () => {
    await storeOrdersOf(33, 8);

    const client = createQueryClient();
    await restoreQueryCache(client);
    expect(queryCacheRestored(client)).toBe(true);
    const seen: boolean[] = [];
    function Probe() {
      const restoring = useIsRestoring();
      seen.push(restoring);
      return (
        <p>{`đã có ${useQueryClient().getQueryData<{ items: unknown[] }>(['orders', 'list'])?.items.length ?? 0}`}</p>
      );
    }
    render(
      <AppProvider queryClient={client}>
        <Probe />
      </AppProvider>,
    );
    expect(screen.getByText('đã có 1')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // Never restoring, so never rendered again for its end.
    expect(seen.every((restoring) => !restoring)).toBe(true);
    act(() => logout());
  });
});

describe('toasts', () => {
  it('draws no container until the first toast, then shows it', async () => {
    act(() => notifications.clean());
    render(
      <AppProvider>
        <p>nội dung</p>
      </AppProvider>,
    );
    expect(await screen.findByText('nội dung')).toBeInTheDocument();
    // The container's code has arrived (the provider asks for it at once): still nothing drawn.
    await act(async () => {
      await import('#src/app/toast-container');
    });
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Đã lưu' });
    });
    expect((await findToast('Đã lưu')).closest('.mantine-Notifications-root')).not.toBeNull();
    act(() => notifications.clean());
  });

  it('names the close button of every toast, so a screen reader does not announce a bare button', async () => {
    render(
      <AppProvider>
        <p>nội dung</p>
      </AppProvider>,
    );
    act(() => {
      notifications.show({ message: 'Đã lưu' });
    });
    expect(await screen.findByRole('button', { name: viText.toast.close })).toBeInTheDocument();
    act(() => notifications.clean());
  });
});

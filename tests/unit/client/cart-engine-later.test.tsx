import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOp } from '#src/lib/cart/cart-ops';
import { useCartSync } from '#src/lib/cart/cart-session';
import { clearAllOutboxes, readOutbox, updateOutbox } from '#src/lib/cart/outbox-store';
import { useCart } from '#src/lib/cart/use-cart';
import { logout, setSession } from '#src/lib/session';
import { createTestQueryClient } from '../../setup/render';
import { FakeCartServer, PHO, serveCart } from '../../setup/fake-cart-server';

// The app's first load has the cart's session (lib/cart/cart-session.ts) but not the outbox
// engine: useCartSync brings it. The project's files share their modules, so whether an earlier
// file loaded the engine already is not known here; these hold either way.

let server: FakeCartServer;

beforeEach(async () => {
  await clearAllOutboxes();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  server = serveCart(new FakeCartServer([PHO]));
  server.seed(PHO.id, 2);
  setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a-1' } });
  // A change left waiting by an earlier visit.
  await updateOutbox('7', () => [createOp({ op: 'clear', line: null, payload: {} })]);
});

afterEach(() => {
  logout();
});

function render(hook: () => ReturnType<typeof useCart>) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

describe('the cart outbox at app start', () => {
  it('sends a change left waiting by an earlier visit, and the cart shows it done', async () => {
    const { result } = render(() => {
      useCartSync(useQueryClient());
      return useCart();
    });
    await waitFor(() => expect(server.cart().item_count).toBe(0));
    await waitFor(() => expect(result.current.cart.item_count).toBe(0));
    expect(result.current).toMatchObject({ isLoading: false, pendingCount: 0 });
    expect(server.mutations().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/customer/cart/clear/',
    ]);
    expect(await readOutbox('7')).toEqual([]);
  });

  it('signing out empties the outbox, whether or not the engine has loaded', async () => {
    render(() => useCart());
    act(() => logout());
    await waitFor(async () => expect(await readOutbox('7')).toEqual([]));
  });
});

import { act, startTransition, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStoreValue } from '#src/lib/use-store-value';

function createStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type Store = ReturnType<typeof createStore>;
type Hook = (subscribe: Store['subscribe'], get: Store['get']) => number;

const container = document.createElement('div');
let unmount: (() => void) | null = null;

// Rendered with react-dom's own root (the transition is the point), not Testing Library's, so
// act() has to be told it runs in a test.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeAll(() => {
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

afterEach(() => {
  act(() => unmount?.());
  unmount = null;
  container.replaceChildren();
});

/**
 * A transition render during which the store changes (as the cart outbox finishing its
 * IndexedDB read while the first screen renders). Counts how often a sibling rendered.
 */
async function renderWhileStoreChanges(useValue: Hook) {
  const store = createStore(0);
  let siblingRenders = 0;
  let changed = false;
  function Sibling() {
    siblingRenders += 1;
    return null;
  }
  function Reader() {
    return <output>{useValue(store.subscribe, store.get)}</output>;
  }
  function Changer() {
    if (!changed) {
      changed = true;
      store.set(1);
    }
    return null;
  }
  const root = createRoot(container);
  unmount = () => root.unmount();
  await act(async () => {
    startTransition(() => {
      root.render(
        <>
          <Sibling />
          <Reader />
          <Changer />
        </>,
      );
    });
  });
  return { siblingRenders, store };
}

describe('useStoreValue', () => {
  it('does not throw away a render during which the store changed, and shows the change after', async () => {
    const { siblingRenders, store } = await renderWhileStoreChanges(useStoreValue);
    expect(siblingRenders).toBe(1);
    expect(container.textContent).toBe('1');

    await act(async () => store.set(2));
    expect(container.textContent).toBe('2');
  });

  it('is what useSyncExternalStore is not: that one renders the whole tree again', async () => {
    // The cost this hook avoids, so the test above means something.
    const { siblingRenders } = await renderWhileStoreChanges((subscribe, get) =>
      useSyncExternalStore(subscribe, get),
    );
    expect(siblingRenders).toBe(2);
  });

  it("shows another store's value as soon as it is given one", async () => {
    const first = createStore(1);
    const second = createStore(7);
    function Reader({ store }: { store: Store }) {
      return <output>{useStoreValue(store.subscribe, store.get)}</output>;
    }
    const root = createRoot(container);
    unmount = () => root.unmount();
    await act(async () => root.render(<Reader store={first} />));
    expect(container.textContent).toBe('1');
    await act(async () => root.render(<Reader store={second} />));
    expect(container.textContent).toBe('7');
    // The old store no longer reaches the component.
    await act(async () => first.set(3));
    expect(container.textContent).toBe('7');
    await act(async () => second.set(8));
    expect(container.textContent).toBe('8');
  });
});

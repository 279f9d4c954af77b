import { useEffect, useState } from 'react';

/**
 * An external store's value, like `useSyncExternalStore`, except that a change arrives as an
 * ordinary update of the components reading it.
 *
 * `useSyncExternalStore` guards against tearing: when the store changed while React was
 * rendering, it throws that render away and renders again from scratch, in one blocking task.
 * The first screen is rendered as a transition, a few hundred milliseconds of slices on a slow
 * phone, and the cart outbox finishes loading from IndexedDB within that window, so the whole
 * first render was done twice, the second time as one long task. For a value that may show a
 * frame late (the outbox's waiting changes), that guard costs far more than it protects.
 */
export function useStoreValue<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [state, setState] = useState(() => ({ getSnapshot, value: getSnapshot() }));
  useEffect(() => {
    const update = () =>
      setState((previous) => {
        const value = getSnapshot();
        return previous.getSnapshot === getSnapshot && Object.is(previous.value, value)
          ? previous
          : { getSnapshot, value };
      });
    // A change between this render and the subscription would otherwise be missed.
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  // Another store than the one in state (a customer signed in): its value, not the old one's.
  return state.getSnapshot === getSnapshot ? state.value : getSnapshot();
}

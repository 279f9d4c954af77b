import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '#src/lib/when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs the work in the idle callback after the load, with the time limit given', () => {
    const requestIdleCallback = vi.fn((callback: () => void, options: { timeout: number }) => {
      void options;
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const work = vi.fn();
    whenIdle(work, { timeout: 500 });
    expect(work).toHaveBeenCalledTimes(1);
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: 500 });
  });

  it('waits a second without requestIdleCallback, and cancelled, never runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const kept = vi.fn();
    const dropped = vi.fn();
    whenIdle(kept);
    const cancel = whenIdle(dropped);
    vi.advanceTimersByTime(999);
    expect(kept).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(1);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });
});

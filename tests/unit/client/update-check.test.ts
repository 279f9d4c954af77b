import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_INTERVAL_MS, watchForUpdates } from '#src/app/update-check';

function fakeRegistration(installing: ServiceWorker | null = null) {
  return { installing, update: vi.fn(() => Promise.resolve(undefined)) };
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const setVisibility = (state: DocumentVisibilityState) =>
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

describe('the periodic update check', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
  });

  afterEach(() => {
    stop?.();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks once an hour in production', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60 * 60 * 1000);
    const registration = fakeRegistration();
    stop = watchForUpdates(registration);

    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('takes another interval', () => {
    const registration = fakeRegistration();
    stop = watchForUpdates(registration, 5_000);
    vi.advanceTimersByTime(15_000);
    expect(registration.update).toHaveBeenCalledTimes(3);
  });

  it('checks when the app comes back to the foreground, not when it leaves', () => {
    const registration = fakeRegistration();
    stop = watchForUpdates(registration);

    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).not.toHaveBeenCalled();

    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('skips the check offline and while a new version is already installing', () => {
    const offline = fakeRegistration();
    stop = watchForUpdates(offline, 1_000);
    setOnline(false);
    vi.advanceTimersByTime(3_000);
    expect(offline.update).not.toHaveBeenCalled();
    stop();

    setOnline(true);
    const installing = fakeRegistration({} as ServiceWorker);
    stop = watchForUpdates(installing, 1_000);
    vi.advanceTimersByTime(3_000);
    expect(installing.update).not.toHaveBeenCalled();
  });

  it('survives a failed check and stops when asked', async () => {
    const registration = fakeRegistration();
    registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    stop = watchForUpdates(registration, 1_000);
    vi.advanceTimersByTime(1_000);
    await Promise.resolve();
    vi.advanceTimersByTime(1_000);
    expect(registration.update).toHaveBeenCalledTimes(2);

    stop();
    vi.advanceTimersByTime(5_000);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});

import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Whole seconds left until `until`, never below 0. */
export function secondsLeft(until: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
}

/** '04:59', or '1:00:00' from an hour up (a pause until tomorrow's opening runs for hours). */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

// The clock as an outside store read in whole seconds: the snapshot holds still within a second,
// so a component re-renders once a second however often the clock is looked at. Looked at four
// times a second, so the shown second turns close to when it really does.
const currentSecond = () => Math.floor(Date.now() / 1000);
function subscribeToClock(onChange: () => void): () => void {
  const timer = setInterval(onChange, 250);
  return () => clearInterval(timer);
}
const stopped = () => () => {};

/**
 * The seconds left until `until` (null: nothing to count), updated every second. `onEnd` runs
 * once when they reach 0, so the screen can ask the server what holds now instead of trusting
 * the device's clock any further.
 */
export function useCountdown(until: string | null, onEnd: () => void): number | null {
  const second = useSyncExternalStore(
    until === null ? stopped : subscribeToClock,
    currentSecond,
    currentSecond,
  );
  const endRef = useRef(onEnd);
  const ended = useRef<string | null>(null);
  useEffect(() => {
    endRef.current = onEnd;
  }, [onEnd]);

  const left = until === null ? null : secondsLeft(until, second * 1000);
  useEffect(() => {
    if (until === null || left !== 0 || ended.current === until) return;
    ended.current = until;
    endRef.current();
  }, [until, left]);
  return left;
}

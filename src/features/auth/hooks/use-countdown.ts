import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment set with `start(seconds)`, ticking once a second. Counted
 * from the clock rather than by decrementing, so a throttled background tab is still right
 * when it comes back.
 */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + Math.max(0, seconds) * 1000);
  }, []);

  const reset = useCallback(() => setUntil(0), []);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start, reset };
}

import { useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const KEY_PREFIX = 'mon-ngon:scroll:';

function read(key: string): number | null {
  try {
    const raw = sessionStorage.getItem(key);
    const y = raw === null ? NaN : Number(raw);
    return Number.isFinite(y) && y >= 0 ? y : null;
  } catch {
    return null;
  }
}

function write(key: string, y: number): void {
  try {
    sessionStorage.setItem(key, String(Math.round(y)));
  } catch {
    // Storage full or disabled: coming back then starts at the top, nothing worse.
  }
}

/**
 * Spec 2.8: the scroll position is saved on leaving and restored on return. It is kept in
 * sessionStorage under the page's URL (path and query, so each search has its own), and put
 * back once `ready` says the results are on screen, before the browser paints them. Only a
 * return (back or forward) restores; arriving by a link starts at the top.
 */
export function useScrollRestoration(ready: boolean): void {
  const { pathname, search } = useLocation();
  const key = `${KEY_PREFIX}${pathname}${search}`;
  const navigationType = useNavigationType();
  const [saved] = useState(() => (navigationType === NavigationType.Pop ? read(key) : null));
  const keyRef = useRef(key);
  const lastY = useRef(0);
  const restored = useRef(false);

  useLayoutEffect(() => {
    keyRef.current = key;
  }, [key]);

  // The position is taken from scroll events rather than read on leaving: by then the next
  // screen may already have replaced the list and the browser clamped the position to it.
  useLayoutEffect(() => {
    lastY.current = window.scrollY;
    const track = () => {
      lastY.current = window.scrollY;
    };
    const save = () => write(keyRef.current, lastY.current);
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, []);

  useLayoutEffect(() => {
    if (restored.current) return;
    if (saved === null) {
      restored.current = true;
      window.scrollTo(0, 0);
      lastY.current = 0;
      return;
    }
    if (!ready) return;
    restored.current = true;
    window.scrollTo(0, saved);
    lastY.current = saved;
  }, [ready, saved]);
}

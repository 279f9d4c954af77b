import { useLayoutEffect } from 'react';
import { adoptEarlyInput } from './early-input';

/** The id of the splash in index.html. */
export const SPLASH_ID = 'splash';

/**
 * index.html paints a splash (the logo and the name on the app's background) from the HTML
 * alone, before any script has run: on a cheap phone on slow 4G the scripts take seconds to
 * arrive and run, and an installed app should not open on a blank screen meanwhile. The routes
 * render nothing of their own until the first screen's chunk is there (their hydrate fallback is
 * empty), so the first frame React paints is a whole screen rather than an empty frame that is
 * then drawn again. Every top-level frame calls this: the splash goes in the same frame as the
 * screen arrives (a layout effect runs before the browser paints).
 */
export function useRemoveSplash(): void {
  useLayoutEffect(() => {
    document.getElementById(SPLASH_ID)?.remove();
    // The screen is React's from this commit on, a prerendered or server-rendered one included:
    // what was typed, submitted and pressed meanwhile goes to the app, and index.html stops
    // holding such things back.
    adoptEarlyInput();
  }, []);
}

/**
 * The hydrate fallback of the layout routes: nothing, so the splash stays while the first
 * screen's chunk loads (index.html starts that download next to the entry's).
 */
export function SplashHold(): null {
  return null;
}

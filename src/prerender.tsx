// Build-time entry (not part of the app's bundle): renders the screens of PRERENDERED_PATHS to
// HTML for `prerenderScreens` in vite.config.ts. A visitor's view, online, with nothing stored,
// which is exactly what the browser's first render sees when src/main.tsx chooses to hydrate.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/app';
import { loadScreensFor, PRERENDERED_PATHS } from './app/prerendered';
import { appRoutes } from './app/router';

/** The inner HTML of #root for each prerendered path. */
export async function prerenderScreens(): Promise<Record<string, string>> {
  const screens: Record<string, string> = {};
  for (const path of PRERENDERED_PATHS) {
    await loadScreensFor(appRoutes, path);
    const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
    screens[path] = renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    router.dispose();
  }
  return screens;
}

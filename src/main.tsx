import './app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { captureEarlyInput } from './app/early-input';
import { loadScreensFor, PRERENDERED_PATHS } from './app/prerendered';
import { appRoutes } from './app/router';
import { captureInstallPrompt } from './lib/install-capture';
import { session } from './lib/session';

// Before the first render: the browser may offer installation while the app is still loading.
captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The server sent a sign-in screen already rendered (src/app/prerendered.ts). It was rendered
 * for a visitor: someone signed in is about to be sent elsewhere, so that HTML is not what their
 * first render draws and is dropped rather than hydrated.
 */
function prerenderedForThisVisit(container: HTMLElement): boolean {
  if (!container.hasChildNodes()) return false;
  if (session.user === null && PRERENDERED_PATHS.includes(location.pathname)) return true;
  container.replaceChildren();
  return false;
}

async function start(container: HTMLElement): Promise<void> {
  let hydrate = prerenderedForThisVisit(container);
  // Hydrating needs the screen's code before the first render (the HTML already shows it);
  // otherwise the router loads it and index.html's splash stays meanwhile.
  if (hydrate) {
    try {
      await loadScreensFor(appRoutes, location.pathname);
    } catch {
      // The screen's chunk did not arrive (the network went): the router asks again and shows
      // its error screen if that fails too, rather than leaving a form that never responds.
      container.replaceChildren();
      hydrate = false;
    }
  }
  const app = (
    <StrictMode>
      <App router={createBrowserRouter(appRoutes)} />
    </StrictMode>
  );
  if (hydrate) captureEarlyInput(container);
  // A transition lets React render (or hydrate) the first screen in slices, yielding to the
  // browser between them, instead of one long task that blocks input for as long as a slow
  // phone takes to build the whole tree.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start(root);

// Only the production build has a service worker (the e2e tests run that build). Loaded after
// the first render so registration never competes with the first paint.
if (import.meta.env.PROD) {
  void import('./app/pwa').then(({ registerServiceWorker }) => registerServiceWorker());
}

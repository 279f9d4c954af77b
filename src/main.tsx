import './app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, AppRoutes } from './app/app';
import { retryFailedScreens } from './app/lazy-screen';
import { browserQueryClient } from './first-load/browser-query-client';
import { captureEarlyInput } from './first-load/early-input';
import { earlySignedIn, takeOverFromEarlySignIn } from './lib/early-sign-in-state';
import { preloadStaffHome } from './app/staff-home-chunk';
import { SIGN_IN_REDIRECT_MS } from './lib/stored-session';
import { loadScreensFor, PRERENDERED_PATHS } from './first-load/prerendered';
import { appRoutes } from './app/router';
import { adoptServerQueries, serverStateForThisVisit } from './first-load/server-state';
import { captureInstallPrompt } from './lib/install-capture';
import { keepRenderHintCookie } from './first-load/render-hint';
import { restoreQueryCache } from './lib/query-client';
import { readStoredSession, session } from './lib/session';
import { beginHydration } from './lib/use-hydrated';

// Before the first render: the browser may offer installation while the app is still loading.
captureInstallPrompt();
// The server renders the next full load of the home or a dish page from this cookie.
keepRenderHintCookie();

/** How long the first render waits for the stored query cache to be read back. */
const RESTORE_WAIT_MS = 800;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Whether the HTML in #root is what this app's first render draws, so it can be hydrated. A
 * sign-in screen (src/first-load/prerendered.ts) was rendered for a visitor: someone signed in
 * is about to be sent elsewhere. A customer's home or dish page (src/first-load/server-state.ts)
 * was rendered from the cookie's copy of the session and address, which may be out of date.
 * HTML that is not this visit's is dropped and drawn again rather than hydrated.
 */
function renderedForThisVisit(container: HTMLElement): boolean {
  if (!container.hasChildNodes()) return false;
  if (session.user === null && PRERENDERED_PATHS.includes(location.pathname)) return true;
  const state = serverStateForThisVisit();
  if (state) {
    adoptServerQueries(browserQueryClient, state);
    return true;
  }
  // A form the sign-in script has signed in from stays on screen until the first commit.
  if (!earlySignedIn()) container.replaceChildren();
  return false;
}

/**
 * Asks for the chunks of the screen a start that does not hydrate will draw, before the query
 * cache is read back from IndexedDB and the router renders it: an installed app served by its
 * service worker has the entry running within a few hundred milliseconds on a slow phone, and
 * the screen's own chunks were asked for half a second after that. `/` is the dashboard for
 * staff and the home for a customer (app/home.tsx); a visitor there is sent to the sign-in.
 */
function startLoadingTheScreen(): void {
  const { pathname } = location;
  if (pathname === '/' && session.userType !== 'customer') {
    if (session.user) preloadStaffHome();
    return;
  }
  loadScreensFor(appRoutes, pathname).catch(() => {
    // The network went: the render asks again, and shows the error screen if that fails too.
    retryFailedScreens();
  });
}

async function start(container: HTMLElement): Promise<void> {
  // The modules' own evaluation is one task already (some 100 ms on a slow phone); what follows
  // (matching the route, reading the server's state, preloading the screen) gets its own, so a
  // press or a paint can come in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  let hydrate = renderedForThisVisit(container);
  // Read back while the screen's chunks arrive. A visitor has nothing stored: the provider
  // reads back after the first render, by when the early sign-in script may have signed
  // someone in.
  const restoring = session.user ? restoreQueryCache(browserQueryClient) : null;
  if (!hydrate && !earlySignedIn()) startLoadingTheScreen();
  // Hydrating needs the screen's code before the first render (the HTML already shows it);
  // otherwise the router loads it and index.html's splash stays meanwhile.
  if (hydrate) {
    try {
      await loadScreensFor(appRoutes, location.pathname);
    } catch {
      // The screen's chunk did not arrive (the network went): the render asks again and shows
      // the error screen if that fails too, rather than leaving a form that never responds.
      retryFailedScreens();
      container.replaceChildren();
      hydrate = false;
    }
  }
  // The first render draws what the device has stored, and no query of it is rendered again
  // when the read ends (lib/query-client.ts); a read that takes too long (a stuck IndexedDB)
  // ends later, in a transition. Waited for before the early sign-in script hands over, not
  // after: what is typed between the hand-over and the first render is carried over by hand.
  if (restoring) {
    await Promise.race([restoring, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
  }
  // The sign-in script that ran before the app (src/first-load/early-sign-in.ts) may have
  // changed the form or be about to open the home. A form it changed is drawn again from what
  // it left rather than hydrated: the screen's code is loaded already, so the router's first
  // render is the whole form, and it replaces the script's in one commit.
  const early = await takeOverFromEarlySignIn();
  if (early.leaving) return;
  if (hydrate && early.redraw) hydrate = false;
  if (early.signedInAt !== null) {
    // A staff member the script signed in: the app goes on from the stored session and opens
    // the home (the access gate sends them there) a second after the sign-in (spec section 9).
    hydrate = false;
    Object.assign(session, readStoredSession());
    preloadStaffHome();
    const left = early.signedInAt + SIGN_IN_REDIRECT_MS - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  const app = (
    <StrictMode>
      <App>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  if (hydrate) {
    captureEarlyInput(container);
    beginHydration();
  }
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

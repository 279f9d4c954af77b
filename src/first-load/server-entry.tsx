// The app on Node, built by build/server-entry.ts into dist/ssr/server-entry.js (not part of the
// browser's bundle). At build time it renders the sign-in screens of PRERENDERED_PATHS
// (docs/decisions/015); at request time the server (server/http/server-render.ts) asks it for a
// signed-in customer's home or dish page (docs/decisions/016).
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, MemoryRouter } from 'react-router-dom';
import type { RenderHint, ServerApi } from '#contract/render-hint';
import { App, AppRoutes } from '../app/app';
import {
  EARLY_MESSAGE_SLOT,
  EARLY_VIEWS,
  renderEarlyViewsWith,
  type EarlyCustomerView,
} from '../lib/early-sign-in-state';
import { EARLY_VIEW_SEPARATOR, loadScreensFor, PRERENDERED_PATHS } from './prerendered';
import { appRoutes } from '../app/router';
import { paths } from '../config/paths';
import type { ServerState } from './server-state';
import { loadFoodData } from '../features/food/server-data';
import { loadHomeData } from '../features/home/server-data';
import { locationStore } from '../lib/location';
import { createQueryClient } from '../lib/query-client';
import { parseRouteId } from '../lib/route-id';
import { session } from '../lib/session';

function renderApp(url: string, queryClient?: QueryClient): string {
  return renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </App>
    </StrictMode>,
  );
}

/**
 * The inner HTML of #root for each prerendered path: a visitor's view, online, with nothing
 * stored, which is exactly what the browser's first render sees when src/main.tsx hydrates it.
 */
export async function prerenderScreens(): Promise<Record<string, string>> {
  const screens: Record<string, string> = {};
  for (const path of PRERENDERED_PATHS) {
    await loadScreensFor(appRoutes, path);
    screens[path] = renderApp(path);
  }
  // The customer form's other views, which the sign-in script that runs before the app shows
  // (early-sign-in.ts): the form as the screen draws it in each state, so it looks the same.
  const empty: EarlyCustomerView = { sentTo: null, resendAt: 0, error: null, phone: '', code: '' };
  const message = EARLY_MESSAGE_SLOT;
  const views: Array<[string, EarlyCustomerView]> = [
    [EARLY_VIEWS.codeStep, { ...empty, sentTo: '0' }],
    [EARLY_VIEWS.phoneError, { ...empty, error: { field: 'phone', message } }],
    [EARLY_VIEWS.codeError, { ...empty, sentTo: '0', error: { field: 'code', message } }],
  ];
  for (const [id, view] of views) {
    const html = renderEarlyViewsWith(view, () => renderApp(paths.login));
    const form = /<form[\s\S]*<\/form>/.exec(html)?.[0];
    if (!form) throw new Error(`prerender: the sign-in view ${id} has no form`);
    screens[`${paths.login}${EARLY_VIEW_SEPARATOR}${id}`] = form;
  }
  return screens;
}

type Loader = (
  client: QueryClient,
  params: Record<string, string | undefined>,
  hint: RenderHint,
  api: ServerApi,
) => Promise<boolean>;

/** The screens rendered per request, each with what fills its cache first. */
const SERVER_RENDERED: ReadonlyArray<{ path: string; load: Loader }> = [
  {
    path: paths.home,
    load: (client, _params, hint, api) =>
      hint.location ? loadHomeData(client, hint.location, api) : Promise.resolve(false),
  },
  {
    path: paths.food,
    load: (client, params, _hint, api) => {
      const id = parseRouteId(params.id);
      return id === null ? Promise.resolve(false) : loadFoodData(client, id, api);
    },
  },
];

export interface RenderedScreen {
  /** The inner HTML of #root. */
  html: string;
  /** For the page's SERVER_STATE_ID script: what src/main.tsx hydrates the screen from. */
  state: ServerState;
}

/**
 * A signed-in customer's screen at `pathname`, drawn as their browser's first render will draw
 * it: the session and location stores hold the cookie's copy (`hint`) and the query cache the
 * server's own answers. Null for any other path, or when the data is not there to draw it.
 */
export async function renderScreen(
  pathname: string,
  hint: RenderHint,
  api: ServerApi,
): Promise<RenderedScreen | null> {
  const screen = SERVER_RENDERED.find(({ path }) => matchPath(path, pathname) !== null);
  const params = screen ? matchPath(screen.path, pathname)?.params : undefined;
  if (!screen || !params) return null;
  const client = createQueryClient();
  try {
    if (!(await screen.load(client, params, hint, api))) return null;
    await loadScreensFor(appRoutes, pathname);
    // The stores are this process's, shared by every request: they hold this customer only
    // for the render below, which is synchronous, so no other request can see them meanwhile.
    const { id, name, avatar, role } = hint.user;
    session.user = { id, name: name ?? undefined, avatar, role: role ?? undefined };
    session.userType = 'customer';
    locationStore.current = hint.location ? { ...hint.location } : null;
    let html: string;
    try {
      html = renderApp(pathname, client);
    } finally {
      session.user = null;
      session.userType = 'customer';
      locationStore.current = null;
    }
    return { html, state: { hint, queries: dehydrate(client) } };
  } finally {
    client.clear();
  }
}

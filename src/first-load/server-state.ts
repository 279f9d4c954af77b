import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ID, type RenderHint } from '#contract/render-hint';
import { currentRenderHint } from './render-hint';

/** What the server rendered a screen from: the hint it read and the queries it filled. */
export interface ServerState {
  hint: RenderHint;
  queries: DehydratedState;
}

function readServerState(): ServerState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * The state of the screen the server rendered into this page, when this app's first render
 * would draw the very same screen: the person and place the server drew (from the cookie) are
 * still the ones stored here. A cookie out of date (a sign-out, a new address in another tab
 * since) means different markup, so that HTML is drawn again rather than hydrated.
 */
export function serverStateForThisVisit(): ServerState | null {
  const state = readServerState();
  if (!state) return null;
  const hint = currentRenderHint();
  return hint && JSON.stringify(hint) === JSON.stringify(state.hint) ? state : null;
}

/**
 * Puts the server's answers into the query cache before the first render, so it renders the
 * screen the HTML shows. Stamped when the server asked, they also win over an older copy the
 * IndexedDB restore brings in later, and lose to a newer one.
 */
export function adoptServerQueries(queryClient: QueryClient, state: ServerState): void {
  hydrate(queryClient, state.queries);
}

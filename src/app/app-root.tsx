import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SplashHold } from '../first-load/splash';
import { endHydration } from '../lib/use-hydrated';
import { AccessGate } from './access-gate';
import { retryFailedScreens } from './lazy-screen';
import { RouteError } from './route-error';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: another one shows its screen again. */
  at: string | null;
}

/**
 * The error screen for whatever a screen throws: typically its chunk that could not be fetched
 * (offline before it was cached, or removed by a deploy). Going to another address tries again.
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A screen failed') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.at === null) return { at: props.pathname };
    if (state.at === props.pathname) return null;
    retryFailedScreens();
    return { error: null, at: null };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/**
 * Ends the hydration of the server's HTML (lib/use-hydrated.ts) once the screen inside the
 * root's Suspense boundary has committed: React hydrates that content after the rest of the
 * page, and this, its last child, has its effects run after all of it.
 */
function HydrationEnd() {
  useEffect(endHydration, []);
  return null;
}

/**
 * The root route. While a screen's chunk is on its way the root suspends: on the first load
 * nothing is drawn, so index.html's splash stays (the layouts remove it with the screen, see
 * src/first-load/splash.ts); on a later visit the router's navigation is a transition, so the
 * screen before stays until the next one can be drawn.
 */
export function AppRoot() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<SplashHold />}>
        <AccessGate />
        <HydrationEnd />
      </Suspense>
    </RouteErrorBoundary>
  );
}

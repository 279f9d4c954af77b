import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Logo } from '#src/components/logo';
import { OfflineBanner } from '#src/components/offline-banner';
import { vi } from '#src/i18n/first-screen';
import classes from './auth-layout.module.css';
import { useRemoveSplash } from '#src/first-load/splash';

/** Spec 2.2 and section 9: authentication screens use a random background out of 4. */
export const AUTH_BACKGROUND_COUNT = 4;

/**
 * The attribute of <html> that picks the background (auth-layout.module.css). index.html's
 * first script draws it once per page load; the markup itself never varies, so a prerendered
 * sign-in screen (src/first-load/prerendered.ts) hydrates without a mismatch.
 */
export const AUTH_BACKGROUND_ATTRIBUTE = 'data-auth-background';

/** Draws a background when index.html's script did not (tests, a page without it). */
function useAuthBackground(): void {
  useLayoutEffect(() => {
    const html = document.documentElement;
    if (html.hasAttribute(AUTH_BACKGROUND_ATTRIBUTE)) return;
    html.setAttribute(
      AUTH_BACKGROUND_ATTRIBUTE,
      String(Math.floor(Math.random() * AUTH_BACKGROUND_COUNT)),
    );
  }, []);
}

/** The frame of /login, /staff/login and /register: no navigation, a card on a food photo. */
export function AuthLayout() {
  useRemoveSplash();
  useAuthBackground();
  return (
    <div className={classes.root}>
      <OfflineBanner />
      {/* Plain elements styled as Mantine's Center, Paper, Stack, Title and Text: the first
          load carries no component code for them (decision 033). */}
      <main className={classes.main}>
        <div className={classes.card}>
          <div className={classes.brand}>
            <Logo size={64} />
            <h1 className={classes.title}>{vi.app.name}</h1>
            <p className={classes.tagline}>{vi.app.tagline}</p>
          </div>
          <Outlet />
        </div>
      </main>
    </div>
  );
}

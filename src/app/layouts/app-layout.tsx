import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { IconBell, IconCart, IconLogout, IconMoon, IconSun } from '#src/components/icons';
import { notificationQueries } from '#src/api/notifications';
import { Logo } from '#src/components/logo';
import { OfflineBanner } from '#src/components/offline-banner';
import { useSignOut } from '#src/components/use-sign-out';
import { UserAvatar } from '#src/components/user-avatar';
import { avatarOf, displayName, roleLabel } from '#src/components/user-identity';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';
import { session } from '#src/lib/session';
import classes from './app-layout.module.css';
import { badgeText, navigationFor, type NavEntry } from './navigation';
import { useCartCount, useRefreshCartOnUpdate } from './use-cart-count';
import { useRemoveSplash } from '#src/first-load/splash';
import { useHydrated } from '#src/lib/use-hydrated';

// react-remove-scroll-bar's class for fixed elements: while a dialog locks the page's scroll,
// the fixed header keeps clear of where the scrollbar was instead of jumping under it.
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  // The control around it says the number in words; this is only the picture of it.
  return (
    <span className={classes.count} aria-hidden="true">
      {badgeText(count)}
    </span>
  );
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The server cannot know the stored scheme: both icons are in the HTML and index.html's
  // scheme attribute shows the right one from the first paint (CSS, app-layout.module.css); the
  // label (not seen) follows once the page is hydrated.
  const dark = useHydrated() && scheme === 'dark';
  return (
    <button
      type="button"
      className={classes.iconButton}
      aria-label={dark ? vi.layout.toLight : vi.layout.toDark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      <span className={`${classes.themeIcon} ${classes.sun}`}>
        <IconSun />
      </span>
      <span className={`${classes.themeIcon} ${classes.moon}`}>
        <IconMoon />
      </span>
    </button>
  );
}

function bellLabel(count: number | undefined): string {
  if (count === undefined) return vi.inbox.bell;
  return count > 0 ? vi.layout.notifications(badgeText(count)) : vi.layout.noNotifications;
}

/**
 * Spec 2.2: a bell with the count, opening the inbox (docs/decisions/021). A count the caller
 * supplies wins; otherwise the inbox's unread count, and no badge while it is not known yet
 * (nothing cached and no answer): a made-up number would send the user to an empty inbox.
 */
function NotificationBell({ count }: { count: number | undefined }) {
  const unread = useQuery({ ...notificationQueries.unread(), enabled: count === undefined });
  // The server drew no count (it does not read the inbox); hydration must draw none either.
  const hydrated = useHydrated();
  const shown = count ?? (hydrated ? unread.data : undefined);
  return (
    <Link to={paths.notifications} className={classes.iconButton} aria-label={bellLabel(shown)}>
      <IconBell />
      <CountBadge count={shown ?? 0} />
    </Link>
  );
}

function BottomLink({ entry, badge }: { entry: NavEntry; badge?: number }) {
  const Icon = entry.icon;
  return (
    <NavLink
      to={entry.to}
      end={entry.to === paths.home || entry.to === paths.admin}
      className={`${classes.bottomLink} ${entry.highlighted ? classes.highlighted : ''}`}
      aria-label={badge === undefined ? undefined : vi.layout.cartWithCount(badge)}
      data-highlighted={entry.highlighted || undefined}
    >
      <span className={classes.bottomIcon}>
        <Icon />
        {badge === undefined ? null : <CountBadge count={badge} />}
      </span>
      <span>{entry.label}</span>
    </NavLink>
  );
}

/** The header's cart button (md and up), its count read here so the frame is not re-rendered. */
function CartButton() {
  const count = useCartCount(true);
  return (
    <NavLink
      to={paths.cart}
      className={classes.cartButton}
      aria-label={vi.layout.cartWithCount(count)}
    >
      <IconCart size={20} />
      <span>{vi.layout.cart}</span>
      <CountBadge count={count} />
    </NavLink>
  );
}

/** The bottom bar's cart item, with its count. */
function CartBottomLink({ entry }: { entry: NavEntry }) {
  return <BottomLink entry={entry} badge={useCartCount(true)} />;
}

/**
 * Registers this device's push subscription again on each start (src/api/push.ts), loaded
 * after the first screen: it never changes what that screen shows.
 */
function useSyncPush(userId: string | number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    import('#src/api/push')
      .then(({ syncPushSubscription }) => syncPushSubscription(userId))
      .catch(() => {
        // Offline or refused: the next start tries again.
      });
  }, [userId]);
}

export interface AppLayoutProps {
  /**
   * Shown on the bell instead of the inbox's unread count. Spec 2.2's default of 5 stood in for
   * this count until the inbox existed (docs/decisions/021).
   */
  notificationCount?: number;
}

/**
 * The frame of every signed-in screen (spec 2.2): a top bar with the logo and title, the desktop
 * navigation, the customer's cart button, theme toggle, bell, user and logout; on phones a
 * bottom bar of at most five items with one highlighted. Without a user, only the page.
 */
export function AppLayout({ notificationCount }: AppLayoutProps) {
  useRemoveSplash();
  const { user } = useSnapshot(session);
  const navigation = navigationFor(user?.role);
  useRefreshCartOnUpdate(user !== null && navigation.cartButton);
  useSyncPush(user?.id);
  const signOut = useSignOut();

  if (!user) {
    return (
      <>
        <OfflineBanner />
        <main className={classes.page}>
          <Outlet />
        </main>
      </>
    );
  }

  const name = displayName(user.name);
  return (
    // Plain elements and CSS rather than Mantine's AppShell: the frame is fixed bars and
    // padding, and AppShell's responsive machinery cost every screen's first load 20 KB of
    // script and a style computation on each render (decision 014). Likewise its buttons are
    // plain buttons and links rather than Button and ActionIcon, which bring their loading
    // state's Loader and Transition into the first load (decision 033).
    <div className={classes.shell}>
      <header className={`${classes.header} ${KEEP_CLEAR_OF_SCROLLBAR}`}>
        <div className={classes.bar}>
          <Link to={paths.home} className={classes.brand}>
            <Logo size={32} />
            <span>{vi.app.name}</span>
          </Link>
          <nav aria-label={vi.layout.mainNav} className={classes.topNav}>
            <ul className={classes.list}>
              {navigation.top.map((entry) => (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.to === paths.home || entry.to === paths.admin}
                    className={classes.topLink}
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={classes.actions}>
            {navigation.cartButton ? <CartButton /> : null}
            <ThemeToggle />
            <NotificationBell count={notificationCount} />
            <div className={classes.user}>
              <UserAvatar name={user.name} src={avatarOf(user.avatar)} size={34} />
              <div className={classes.userText}>
                <span className={classes.userName}>{name}</span>
                <span className={classes.userRole}>{roleLabel(user.role)}</span>
              </div>
            </div>
            <button
              type="button"
              className={classes.iconButton}
              aria-label={vi.layout.logout}
              onClick={signOut}
            >
              <IconLogout />
            </button>
          </div>
        </div>
      </header>
      <main className={classes.main}>
        <OfflineBanner />
        <div className={classes.page}>
          <Outlet />
        </div>
      </main>
      <nav aria-label={vi.layout.bottomNav} className={classes.bottomNav}>
        <ul className={classes.bottomList}>
          {navigation.bottom.map((entry) => (
            <li key={entry.to}>
              {entry.to === paths.cart ? (
                <CartBottomLink entry={entry} />
              ) : (
                <BottomLink entry={entry} />
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

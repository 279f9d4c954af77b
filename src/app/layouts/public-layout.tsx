import { Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { OfflineBanner } from '#src/components/offline-banner';
import { session } from '#src/lib/session';
import { AppLayout } from './app-layout';
import classes from './app-layout.module.css';
import { useRemoveSplash } from '#src/first-load/splash';

/**
 * The payment-result page is public (spec 2.1): signed in, it shows in the normal frame;
 * without a user the layout shows only the page, with no navigation (spec 2.2).
 */
export function PublicLayout() {
  useRemoveSplash();
  const { user } = useSnapshot(session);
  if (user) return <AppLayout />;
  return (
    <>
      <OfflineBanner />
      <main className={classes.page}>
        <Outlet />
      </main>
    </>
  );
}

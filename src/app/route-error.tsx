import { vi } from '../i18n/first-screen';
import { useRemoveSplash } from '../first-load/splash';
import classes from './route-error.module.css';

/**
 * The error screen of the root (app-root.tsx): typically a screen chunk that could not be
 * fetched (offline before it was cached, or removed by a deploy). A reload fixes both.
 */
export function RouteError({ error }: { error: unknown }) {
  useRemoveSplash();
  console.error(error);
  return (
    <main className={classes.main}>
      <p className={classes.message}>{vi.app.crashed}</p>
      <button type="button" className={classes.reload} onClick={() => window.location.reload()}>
        {vi.app.reload}
      </button>
    </main>
  );
}

import { vi } from '../i18n/first-screen';
import { useOnline } from '../lib/use-online';
import classes from './offline-banner.module.css';

/**
 * Says so when the network is gone (design.md section 6), so a screen showing cached data is
 * not mistaken for live data. The live region stays mounted so the change is announced.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className={classes.region}>
      {online ? null : <p className={classes.banner}>{vi.offline.banner}</p>}
    </div>
  );
}

import { Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { vi } from '../i18n/vi';
import classes from './offline-banner.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says so when the network is gone (design.md section 6), so a screen showing cached data is
 * not mistaken for live data. The live region stays mounted so the change is announced.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div role="status" aria-live="polite" className={classes.region}>
      {online ? null : (
        <Text size="sm" fw={500} className={classes.banner}>
          {vi.offline.banner}
        </Text>
      )}
    </div>
  );
}

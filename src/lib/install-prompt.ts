import { useSyncExternalStore } from 'react';
import { installOffer } from './install-capture';

/**
 * Shows the browser's install dialog. The event cannot be reused whatever the answer; when the
 * user declines, Chromium offers a fresh one later and the capture picks it up.
 */
export async function promptInstall(): Promise<boolean> {
  const event = installOffer.event;
  if (!event) return false;
  installOffer.set(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  installOffer.listeners.add(listener);
  return () => installOffer.listeners.delete(listener);
}

/** True while the browser offers installation and the app is not already running installed. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => installOffer.event !== null,
    () => false,
  );
}

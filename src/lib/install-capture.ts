/**
 * Chromium's install offer (not in the DOM typings: it is not a web standard). `prompt()` shows
 * the browser's own dialog and may be called once per event.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/**
 * The offer held from the first moment of the page. Kept apart from install-prompt.ts so the
 * first load carries only this capture; the button and its hook come with the profile screen.
 */
export const installOffer = {
  event: null as BeforeInstallPromptEvent | null,
  listeners: new Set<() => void>(),
  set(event: BeforeInstallPromptEvent | null): void {
    this.event = event;
    for (const listener of this.listeners) listener();
  },
};

let capturing = false;

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    // iOS Safari's own flag for a home-screen app.
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * Must run before the first render: the browser fires beforeinstallprompt once, early, and an
 * event nobody holds on to is gone until the next visit. Cancelling it keeps Chromium's own
 * mini-infobar away, so the offer appears only where we place the button.
 */
export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!isStandalone()) installOffer.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installOffer.set(null));
}

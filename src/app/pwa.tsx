import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';
import { vi } from '../i18n/first-screen';
import { keepTypedAcrossReload } from '../first-load/typed-across-reload';
import { watchForUpdates } from './update-check';

const UPDATE_NOTIFICATION_ID = 'pwa-update';

/**
 * Registers sw.js in prompt mode (vite-plugin-pwa registerType 'prompt'): a new version waits
 * until the user presses 'Tải lại', so a form being filled in is never reloaded away, and what
 * it held is typed back in after the reload (first-load/typed-across-reload.ts).
 */
export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: UPDATE_NOTIFICATION_ID,
        title: vi.pwa.updateAvailable,
        autoClose: false,
        withCloseButton: true,
        message: (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{vi.pwa.updateHint}</Text>
            {/* Activates the waiting worker; registerSW reloads once it controls the page, and
                the page after it puts back what was typed here. */}
            <Button
              size="xs"
              onClick={() => {
                keepTypedAcrossReload();
                void updateServiceWorker(true);
              }}
            >
              {vi.pwa.reload}
            </Button>
          </Stack>
        ),
      });
    },
    onOfflineReady() {
      notifications.show({ color: 'green', message: vi.pwa.offlineReady });
    },
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}

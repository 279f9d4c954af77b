import { Button, Stack, Text } from '@mantine/core';
import { vi } from '../i18n/vi';
import { promptInstall, useCanInstall } from '../lib/install-prompt';
import { toast } from '../lib/toast';
import { IconInstall } from './action-icons';

const text = vi.install;

/**
 * 'Cài đặt ứng dụng' where the browser offers installation (Chromium's beforeinstallprompt);
 * nothing at all elsewhere, e.g. Safari, or once the app is installed or runs standalone.
 */
export function InstallAppButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;

  const install = async () => {
    if (await promptInstall()) toast.success(text.installed);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {text.hint}
      </Text>
      <Button
        variant="light"
        leftSection={<IconInstall size={20} />}
        onClick={() => void install()}
      >
        {text.button}
      </Button>
    </Stack>
  );
}

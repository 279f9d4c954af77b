import { Text } from '@mantine/core';
import { vi } from '#src/i18n/vi';

/** Why the console's actions are disabled: they need the server. Referenced by aria-describedby. */
export function OfflineNote({ id }: { id: string }) {
  return (
    <Text id={id} size="sm" c="dimmed">
      {vi.adminConsole.needsNetwork}
    </Text>
  );
}

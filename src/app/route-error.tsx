import { Button, Center, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router-dom';
import { vi } from '../i18n/first-screen';
import { useRemoveSplash } from '../first-load/splash';

/**
 * Replaces React Router's English default error screen: typically a screen chunk that could
 * not be fetched (offline before it was cached, or removed by a deploy). A reload fixes both.
 */
export function RouteError() {
  useRemoveSplash();
  const error = useRouteError();
  console.error(error);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <Text ta="center">{vi.app.crashed}</Text>
        <Button onClick={() => window.location.reload()}>{vi.app.reload}</Button>
      </Stack>
    </Center>
  );
}

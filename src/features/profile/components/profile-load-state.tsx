import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';

const text = vi.profile;

interface ProfileLoadStateProps {
  error: unknown;
  onRetry: () => void;
}

/** While the profile loads, or why it did not (with a retry); `error` is null while loading. */
export function ProfileLoadState({ error, onRetry }: ProfileLoadStateProps) {
  if (error == null) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden />
        <VisuallyHidden>{text.loading}</VisuallyHidden>
      </Center>
    );
  }
  return (
    <Alert color="red" title={text.loadFailed}>
      <Stack gap="xs" align="flex-start">
        {getErrorMessage(error)}
        <Button size="xs" variant="light" onClick={onRetry}>
          {text.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

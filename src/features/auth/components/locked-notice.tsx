import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { vi } from '#src/i18n/auth';
import { lockout } from '#src/lib/session';

/**
 * On the sign-in screens after the server ended a session because its account is locked
 * (lib/http.ts): why the user is back here. Gone with the next sign-in.
 */
export function LockedNotice() {
  const { kind } = useSnapshot(lockout);
  if (kind === null) return null;
  return (
    <Alert color="red" role="alert">
      {vi.auth.locked}
    </Alert>
  );
}

/** A sign-in form's own refusal (a locked account), shown above its button. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}

import '@mantine/core/styles/PasswordInput.layer.css';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { EARLY_FORM_ATTRIBUTE } from '#src/lib/early-sign-in-state';
import { vi } from '#src/i18n/auth';
import { ACCOUNT_LOCKED_CODE } from '#src/lib/http';
import { logout } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { useStaffLogin } from '../api/staff-login';
import { errorCode, serverMessage, statusOf } from '../errors';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { FormError } from './locked-notice';
import { validateStaffLogin, type StaffLoginErrors } from '../validation';

const text = vi.auth.staff;

/** Spec 2.4: username or email and password, for owners, staff and admins. */
export function StaffLoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<StaffLoginErrors>({});
  // A refusal that is about the account, not what was typed (a locked account).
  const [formError, setFormError] = useState<string | undefined>();
  const [signedIn, setSignedIn] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const staffLogin = useStaffLogin();
  const finishSignIn = useFinishSignIn();

  function fail(message: string) {
    // Spec section 8: a failed staff login also clears any stored user and tokens.
    logout();
    toast.error(message);
    passwordInput.current?.focus();
    passwordInput.current?.select();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (staffLogin.isPending || signedIn) return;
    const problems = validateStaffLogin({ username, password });
    setErrors(problems);
    setFormError(undefined);
    if (problems.username) {
      usernameInput.current?.focus();
      return;
    }
    if (problems.password) {
      passwordInput.current?.focus();
      return;
    }
    staffLogin.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (reply) => {
          const data = reply.data;
          if (reply.success !== true || !data?.user || !data.tokens) {
            fail(text.failed);
            return;
          }
          setSignedIn(true);
          // userType follows the role (spec section 3).
          finishSignIn({ user: data.user, tokens: data.tokens });
        },
        onError: (error) => {
          const status = statusOf(error);
          if (errorCode(error) === ACCOUNT_LOCKED_CODE) {
            // The right password of a locked account (docs/decisions/043): say so in the form.
            logout();
            setFormError(serverMessage(error) ?? vi.auth.locked);
          } else if (status === undefined) fail(vi.http.noResponse);
          // A locked account: the server's message says for how long.
          else if (status === 429) fail(serverMessage(error) ?? text.failed);
          else fail(text.failed);
        },
      },
    );
  }

  const busy = staffLogin.isPending || signedIn;

  return (
    <form noValidate onSubmit={onSubmit} {...{ [EARLY_FORM_ATTRIBUTE]: 'staff' }}>
      <Stack gap="md">
        <TextInput
          ref={usernameInput}
          name="username"
          label={text.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-required
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            setErrors((current) => ({ ...current, username: undefined }));
          }}
          error={errors.username}
        />
        <PasswordInput
          ref={passwordInput}
          name="password"
          label={text.password}
          autoComplete="current-password"
          aria-required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
          // Mantine's PasswordInput does not mark its inner input itself.
          aria-invalid={errors.password !== undefined}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': vi.auth.showPassword }}
        />
        <FormError message={formError} />
        <Button type="submit" fullWidth loading={busy}>
          {text.submit}
        </Button>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/auth';
import { compactPhone } from '#src/lib/form-rules';
import { toast } from '#src/lib/toast';
import type { RegisterBody } from '#contract/auth';
import { useRegister } from '../api/register';
import { errorCode, firstFieldError, replyMessage, serverMessage, statusOf } from '../errors';
import {
  emptyRegisterValues,
  firstRegisterProblem,
  GENDERS,
  type FieldProblem,
  type RegisterField,
  type RegisterValues,
} from '../validation';

const text = vi.auth.register;

/** Spec section 9: the app goes to /staff/login this long after a registration. */
export const REGISTER_REDIRECT_MS = 3000;

/** Where the server's field errors and conflict codes belong in the form. */
const fieldOfPath: Partial<Record<string, RegisterField>> = {
  username: 'username',
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  password: 'password',
};
const fieldOfCode: Partial<Record<string, RegisterField>> = {
  USERNAME_TAKEN: 'username',
  PHONE_TAKEN: 'phone',
  EMAIL_TAKEN: 'email',
  WEAK_PASSWORD: 'password',
};

function toBody(values: RegisterValues): RegisterBody {
  return {
    username: values.username.trim(),
    password: values.password,
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    phone: compactPhone(values.phone),
    email: values.email.trim(),
    address: values.address.trim(),
    gender: values.gender,
  };
}

/** The field a refused registration is about, to show the reason under it. */
function serverProblem(error: unknown): FieldProblem<RegisterField> | null {
  const fieldError = firstFieldError(error);
  const fromPath = fieldError ? fieldOfPath[fieldError.path] : undefined;
  if (fieldError && fromPath) return { field: fromPath, message: fieldError.message };
  const code = errorCode(error);
  const fromCode = code ? fieldOfCode[code] : undefined;
  const message = serverMessage(error);
  return fromCode && message ? { field: fromCode, message } : null;
}

/**
 * Spec 2.5: the owner registration form of spec section 3. Only the first problem is shown, in
 * the order of spec section 5, under its field, which takes the focus.
 */
export function RegisterForm() {
  const [values, setValues] = useState<RegisterValues>(emptyRegisterValues);
  const [problem, setProblem] = useState<FieldProblem<RegisterField> | null>(null);
  const [registered, setRegistered] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const register = useRegister();
  const navigate = useNavigate();

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => void navigate(paths.staffLogin), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  const submitting = register.isPending;

  // The field with the problem takes the focus, once it is enabled again after a refused call.
  useEffect(() => {
    if (!problem || submitting) return;
    const input = form.current?.elements.namedItem(problem.field);
    if (input instanceof HTMLInputElement) input.focus();
  }, [problem, submitting]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const found = firstRegisterProblem(values);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    register.mutate(toBody(values), {
      onSuccess: (reply) => {
        if (reply.success !== true) {
          toast.error(text.notSucceeded);
          return;
        }
        toast.success(replyMessage(reply) ?? text.succeeded);
        setValues(emptyRegisterValues);
        setRegistered(true);
      },
      onError: (error) => {
        if (statusOf(error) === undefined) {
          toast.error(vi.http.noResponse);
          return;
        }
        toast.error(serverMessage(error) ?? text.failed);
        setProblem(serverProblem(error));
      },
    });
  }

  /** The props every text field shares: value, change, the shown problem, disabled state. */
  function field(name: Exclude<RegisterField, 'gender'>) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setProblem((current) => (current?.field === name ? null : current));
      },
      error: problem?.field === name ? problem.message : undefined,
      // Set by hand: Mantine's PasswordInput does not mark its inner input itself.
      'aria-invalid': problem?.field === name,
      disabled: submitting,
      'aria-required': true,
    };
  }

  return (
    <Stack gap="md">
      <Alert variant="light" color="orange" title={text.notesLabel}>
        <Stack component="ul" gap={4} m={0} pl="md">
          {text.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </Stack>
      </Alert>
      {registered && (
        <Alert variant="light" color="green" role="status">
          {text.redirecting}
        </Alert>
      )}
      <form ref={form} noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={text.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...field('username')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={text.firstName} autoComplete="given-name" {...field('firstName')} />
            <TextInput label={text.lastName} autoComplete="family-name" {...field('lastName')} />
          </SimpleGrid>
          <TextInput
            label={text.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...field('email')}
          />
          <TextInput
            label={text.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...field('phone')}
          />
          <TextInput label={text.address} autoComplete="street-address" {...field('address')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <PasswordInput
              label={text.password}
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': vi.auth.showPassword }}
              {...field('password')}
            />
            <PasswordInput
              label={text.confirmPassword}
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': vi.auth.showPassword }}
              {...field('confirmPassword')}
            />
          </SimpleGrid>
          <Radio.Group
            label={text.gender}
            value={values.gender}
            onChange={(value) => setValues((current) => ({ ...current, gender: value }))}
          >
            <Group gap="lg" mt={6}>
              {GENDERS.map((gender) => (
                <Radio
                  key={gender}
                  value={gender}
                  label={text.genders[gender]}
                  disabled={submitting}
                />
              ))}
            </Group>
          </Radio.Group>
          <Button type="submit" fullWidth mt="xs" disabled={submitting}>
            {submitting ? text.submitting : text.submit}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

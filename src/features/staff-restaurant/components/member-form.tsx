import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { StaffMemberCreateBody } from '#contract/staff-members';
import { vi } from '#src/i18n/vi';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useAddMember } from '../api/add-member';

const text = vi.team;

type MemberField = 'username' | 'password' | 'first_name' | 'last_name' | 'phone' | 'email';
type MemberValues = Record<MemberField, string>;

const EMPTY: MemberValues = {
  username: '',
  password: '',
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
};

/** Phone and email are optional: left empty, they are not sent at all. */
function toBody(values: MemberValues): StaffMemberCreateBody {
  const { phone, email, ...required } = values;
  return {
    ...required,
    ...(phone.trim() ? { phone } : {}),
    ...(email.trim() ? { email } : {}),
  };
}

function fieldErrors(error: unknown): Partial<MemberValues> {
  const found: Partial<MemberValues> = {};
  for (const { path, message } of getErrorReply(error)?.errors ?? []) {
    const key = path.split('.')[0] as MemberField;
    if (key in EMPTY && message) found[key] ??= message;
  }
  return found;
}

/** A new staff account for the owner's restaurant: the username and password they sign in with. */
export function MemberForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<MemberValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<MemberValues>>({});
  const add = useAddMember();

  const field = (key: MemberField) => ({
    size: 'md' as const,
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(toBody(values), {
      onSuccess: () => {
        toast.success(text.added);
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        toast.error(getErrorMessage(error));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={text.addTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={text.username}
            required
            autoComplete="off"
            autoCapitalize="none"
            {...field('username')}
          />
          <PasswordInput
            label={text.password}
            required
            autoComplete="new-password"
            {...field('password')}
          />
          <TextInput label={text.lastName} required {...field('last_name')} />
          <TextInput label={text.firstName} required {...field('first_name')} />
          <TextInput label={text.phone} type="tel" inputMode="tel" {...field('phone')} />
          <TextInput label={text.email} type="email" {...field('email')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onDone} disabled={add.isPending}>
            {text.cancel}
          </Button>
          <Button type="submit" size="md" loading={add.isPending}>
            {text.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { vi } from '#src/i18n/vi';

const text = vi.adminConsole;

export interface ReasonModalProps {
  title: string;
  /** What the action does, above the field. */
  hint?: string;
  label: string;
  /** Shown on the field, with no request made, when it is left blank. */
  requiredMessage: string;
  tooLongMessage: string;
  maxLength: number;
  confirmLabel: string;
  /** A one-line field (a bank reference) instead of a free text. */
  singleLine?: boolean;
  color?: string;
  pending: boolean;
  onConfirm: (value: string) => void;
  onClose: () => void;
}

/**
 * The console's confirmation with a required text: a rejection's or a pause's reason, a bank
 * transfer's reference. Mounted when opened, so each opening starts blank. The text is checked
 * here before any request; the server checks it again and its refusal arrives as a toast.
 */
export function ReasonModal({
  title,
  hint,
  label,
  requiredMessage,
  tooLongMessage,
  maxLength,
  confirmLabel,
  singleLine = false,
  color = 'red',
  pending,
  onConfirm,
  onClose,
}: ReasonModalProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') return setError(requiredMessage);
    if (trimmed.length > maxLength) return setError(tooLongMessage);
    setError(null);
    onConfirm(trimmed);
  };

  const field = {
    label,
    value,
    error,
    required: true,
    'data-autofocus': true,
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(event.currentTarget.value);
      if (error) setError(null);
    },
  };

  return (
    <Modal opened onClose={() => (pending ? undefined : onClose())} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {hint ? <Text size="sm">{hint}</Text> : null}
          {singleLine ? (
            <TextInput {...field} autoComplete="off" />
          ) : (
            <Textarea {...field} rows={3} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {text.cancel}
            </Button>
            <Button type="submit" color={color} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

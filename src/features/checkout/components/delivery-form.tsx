import { Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { vi } from '#src/i18n/vi';

const text = vi.checkout;

export interface DeliveryDetails {
  address: string;
  phone: string;
  note: string;
}

export interface DeliveryFormProps {
  value: DeliveryDetails;
  onChange: (change: Partial<DeliveryDetails>) => void;
  disabled?: boolean;
}

/** Spec 2.12: where to deliver, the phone to call, and a note for the shop. */
export function DeliveryForm({ value, onChange, disabled = false }: DeliveryFormProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      {/* Checked with the spec's message when the order is placed (spec section 5). */}
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {text.delivery}
        </Title>
        <TextInput
          label={text.address}
          placeholder={text.addressPlaceholder}
          autoComplete="street-address"
          required
          maxLength={500}
          value={value.address}
          onChange={(event) => onChange({ address: event.currentTarget.value })}
          disabled={disabled}
        />
        <TextInput
          label={text.phone}
          placeholder={text.phonePlaceholder}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={20}
          value={value.phone}
          onChange={(event) => onChange({ phone: event.currentTarget.value })}
          disabled={disabled}
        />
        <Textarea
          label={text.note}
          placeholder={text.notePlaceholder}
          rows={3}
          maxLength={500}
          value={value.note}
          onChange={(event) => onChange({ note: event.currentTarget.value })}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}

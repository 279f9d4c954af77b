import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { parseAmount } from '../amount';

const text = vi.wallet;

interface AmountFormProps {
  submitLabel: string;
  /** Called with a valid amount; resolves true when the amount was accepted (field cleared). */
  onSubmit: (amount: number) => Promise<boolean>;
  busy: boolean;
  /** One-tap amounts under the field. */
  presets?: readonly number[];
}

/**
 * The amount field of /payment/deposit and /payment/withdraw (spec 2.16) with the check of
 * spec section 5 shown under it. The form does its own checking (noValidate): the browser's
 * built-in bubble would say something else than 'Số tiền không hợp lệ'.
 */
export function AmountForm({ submitLabel, onSubmit, busy, presets = [] }: AmountFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const amount = parseAmount(value);
    if (amount === null) {
      setError(text.amountInvalid);
      return;
    }
    setError(null);
    if (await onSubmit(amount)) setValue('');
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label={text.amount}
            placeholder={text.amountPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            maxLength={20}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
          />
          {presets.length > 0 ? (
            <Group gap="xs">
              {presets.map((preset) => (
                <Button
                  key={preset}
                  type="button"
                  size="xs"
                  variant="light"
                  color="gray"
                  onClick={() => {
                    setValue(String(preset));
                    setError(null);
                  }}
                >
                  {formatVnd(preset)}
                </Button>
              ))}
            </Group>
          ) : null}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import classes from './checkout.module.css';

const text = vi.checkout;

export interface CouponBoxProps {
  code: string;
  onCodeChange: (code: string) => void;
  /** The coupon in use with what it takes off, or null. */
  applied: { code: string; discount: number } | null;
  applying: boolean;
  /** Why the last code was refused. */
  error: string | null;
  /** Offline: the preview needs the server. */
  offline: boolean;
  onApply: (code: string) => void;
  onCancel: () => void;
}

/**
 * Spec 2.12 and section 5: the code is trimmed; apply is disabled while the code is empty or a
 * request runs. Another code may be tried over the one in use (a refusal then removes the
 * discount); cancel removes the coupon.
 */
export function CouponBox({
  code,
  onCodeChange,
  applied,
  applying,
  error,
  offline,
  onApply,
  onCancel,
}: CouponBoxProps) {
  const titleId = useId();
  const trimmed = code.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || applying || offline) return;
    onApply(trimmed);
  };
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Title id={titleId} order={2} size="h4">
            {text.coupon}
          </Title>
          <div className={classes.couponRow}>
            <TextInput
              aria-labelledby={titleId}
              placeholder={text.couponPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              onChange={(event) => onCodeChange(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={applying} disabled={trimmed === '' || offline}>
              {text.applyCoupon}
            </Button>
          </div>
          {applied ? (
            <div className={classes.couponRow}>
              <Text size="sm" c="teal" role="status">
                {text.couponInUse(applied.code, formatVnd(applied.discount))}
              </Text>
              <Button type="button" size="xs" variant="default" onClick={onCancel}>
                {text.cancelCoupon}
              </Button>
            </div>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWalletBalance } from '#src/api/wallet';
import { vi } from '../i18n/vi';
import { formatVnd } from '../lib/format';

const text = vi.wallet;

/**
 * Just the figure: the formatted balance, a small spinner while the first reply is on its way,
 * or a short note when it could not be read. For screens that lay out the label themselves
 * (the order's info list).
 */
export function WalletBalanceAmount({ enabled = true }: { enabled?: boolean }) {
  const { balance, isLoading } = useWalletBalance(enabled);
  if (balance !== undefined) return <>{formatVnd(balance)}</>;
  if (isLoading) {
    return (
      <>
        <Loader size={12} aria-hidden />
        <VisuallyHidden>{text.balanceLoading}</VisuallyHidden>
      </>
    );
  }
  // An error (or offline with nothing cached) must not block the screen the balance sits on.
  return (
    <Text span c="dimmed" size="sm">
      {text.balanceUnavailable}
    </Text>
  );
}

interface WalletBalanceProps {
  /** Buttons next to the figure (the profile's top-up and withdraw). */
  children?: ReactNode;
}

/**
 * 'Số dư ví' and the figure, as cart, the orders list and the profile show it (spec 2.11, 2.13,
 * 2.15). A status region, so the new figure after a top-up or a refund is announced.
 */
export function WalletBalance({ children }: WalletBalanceProps) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <div role="status" aria-label={text.balance}>
        <Text span size="sm" c="dimmed">
          {text.balance}
        </Text>{' '}
        <Text span fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <WalletBalanceAmount />
        </Text>
      </div>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}

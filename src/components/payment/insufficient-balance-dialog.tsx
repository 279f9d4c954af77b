import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useWalletBalance } from '#src/api/wallet';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import type { Shortfall } from './use-pay-order';

const text = vi.payment;

export interface InsufficientBalanceDialogProps {
  /** Open while set. */
  shortfall: Shortfall | null;
  /** 'Để sau', and closing the dialog any other way. */
  onLater: () => void;
  /** 'Nạp tiền': the caller goes to /payment/deposit. */
  onDeposit: () => void;
}

/**
 * Spec section 8, 'Insufficient wallet': the pay reply asks for a gateway amount but has no
 * link (the shortfall is below what VNPay takes), so the only way on is a top-up.
 */
export function InsufficientBalanceDialog({
  shortfall,
  onLater,
  onDeposit,
}: InsufficientBalanceDialogProps) {
  // The wallet query, not the pay reply: spec 7.4's reply carries no balance. Shown once known.
  const { balance } = useWalletBalance(shortfall !== null);
  return (
    <Modal opened={shortfall !== null} onClose={onLater} title={text.insufficientTitle} centered>
      {shortfall ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm">{text.insufficientShortfall(formatVnd(shortfall.amount))}</Text>
            {balance === undefined ? null : (
              <Text size="sm" c="dimmed">
                {text.insufficientBalance(formatVnd(balance))}
              </Text>
            )}
            <Text size="sm">{text.insufficientHint}</Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onLater}>
              {text.later}
            </Button>
            <Button onClick={onDeposit}>{text.deposit}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { useOnline } from '#src/lib/use-online';
import { InsufficientBalanceDialog } from './insufficient-balance-dialog';
import { usePayOrder } from './use-pay-order';

const text = vi.payment;

export interface PayOrderButtonProps {
  orderId: number;
  /** The order's total, VND, shown on the button. */
  amount: number;
  /** The order is now paid: from the wallet at once, or found paid when the popup closed. */
  onPaid?: () => void;
}

/**
 * The pay button of a customer's pending order (spec 2.14, sections 4 and 8): the wallet pays
 * what it can, VNPay the rest in the popup, and a shortfall VNPay cannot take asks for a
 * top-up. Paying needs the server, so offline the button says so instead.
 */
export function PayOrderButton({ orderId, amount, onPaid }: PayOrderButtonProps) {
  const online = useOnline();
  const navigate = useNavigate();
  const noteId = useId();
  const flow = usePayOrder({ onPaid: onPaid ? () => onPaid() : undefined });

  let note: string | null = null;
  if (!online) note = text.needsNetwork;
  else if (flow.waiting) note = text.waiting;

  return (
    <Stack gap={4}>
      <Button
        onClick={() => void flow.pay(orderId)}
        loading={flow.isPending || flow.waiting}
        disabled={!online}
        aria-describedby={note ? noteId : undefined}
      >
        {text.pay(formatVnd(amount))}
      </Button>
      {note ? (
        <Text id={noteId} size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
      <InsufficientBalanceDialog
        shortfall={flow.shortfall}
        onLater={flow.closeShortfall}
        onDeposit={() => {
          flow.closeShortfall();
          void navigate(paths.deposit);
        }}
      />
    </Stack>
  );
}

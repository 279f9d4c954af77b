import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminWithdrawal } from '#contract/wallet';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDateTime } from '#src/lib/format-date';
import classes from './admin.module.css';

const text = vi.adminConsole.withdrawals;

export type WithdrawalCardAction = 'paid' | 'reject';

interface WithdrawalCardProps {
  withdrawal: AdminWithdrawal;
  running: WithdrawalCardAction | null;
  disabled: boolean;
  describedBy: string | undefined;
  onAction: (action: WithdrawalCardAction) => void;
}

/** One request: who, for which restaurant, how much, their wallet now, and its outcome. */
export function WithdrawalCard({
  withdrawal,
  running,
  disabled,
  describedBy,
  onAction,
}: WithdrawalCardProps) {
  const headingId = `admin-withdrawal-${withdrawal.id}`;
  return (
    <Paper component="article" withBorder radius="lg" p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {withdrawal.user_name}
          </Title>
          <Text fw={700} size="lg">
            {formatVnd(withdrawal.amount)}
          </Text>
        </Group>
        <dl className={classes.facts}>
          <dt>{text.owner}</dt>
          <dd>{withdrawal.user_name}</dd>
          <dt>{text.restaurant}</dt>
          <dd>{withdrawal.restaurant_name ?? text.noRestaurant}</dd>
          <dt>{text.amount}</dt>
          <dd>{formatVnd(withdrawal.amount)}</dd>
          <dt>{text.balance}</dt>
          <dd>{formatVnd(withdrawal.wallet_balance)}</dd>
          <dt>{text.requestedAt}</dt>
          <dd>{formatDateTime(withdrawal.created_at)}</dd>
          {withdrawal.decided_at ? (
            <>
              <dt>{text.decidedAt}</dt>
              <dd>{formatDateTime(withdrawal.decided_at)}</dd>
            </>
          ) : null}
          {withdrawal.status === 'paid' ? (
            <>
              <dt>{text.reference}</dt>
              <dd>{withdrawal.bank_reference ?? ''}</dd>
            </>
          ) : null}
          {withdrawal.status === 'rejected' ? (
            <>
              <dt>{text.reason}</dt>
              <dd>{withdrawal.reason ?? ''}</dd>
            </>
          ) : null}
        </dl>
        {withdrawal.status === 'pending' ? (
          <Group gap="sm">
            <Button
              loading={running === 'paid'}
              disabled={disabled && running !== 'paid'}
              aria-describedby={describedBy}
              onClick={() => onAction('paid')}
            >
              {text.markPaid}
            </Button>
            <Button
              color="red"
              variant="light"
              loading={running === 'reject'}
              disabled={disabled && running !== 'reject'}
              aria-describedby={describedBy}
              onClick={() => onAction('reject')}
            >
              {text.reject}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

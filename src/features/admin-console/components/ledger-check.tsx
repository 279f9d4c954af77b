import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { LedgerCheck } from '#contract/admin-money';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDateTime } from '#src/lib/format-date';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { checkLedger } from '../api/admin-api';
import classes from './admin.module.css';

const text = vi.adminConsole.money;

function Result({ check }: { check: LedgerCheck }) {
  return (
    <Stack gap="xs" role="status">
      <Group gap="sm">
        <Badge color={check.ok ? 'green' : 'red'} size="lg" variant="filled">
          {check.ok ? text.passed : text.failed}
        </Badge>
        <Text size="sm" c="dimmed">
          {text.checkedAt(formatDateTime(check.checked_at))}
        </Text>
      </Group>
      <Text size="sm">{text.sum(formatVnd(check.sum_of_balances))}</Text>
      {check.mismatched_accounts.length > 0 ? (
        <section aria-labelledby="ledger-mismatched">
          <Text fw={600} size="sm" id="ledger-mismatched">
            {text.mismatched}
          </Text>
          <ul className={classes.changes}>
            {check.mismatched_accounts.map((account) => (
              <li key={account.id}>
                {text.mismatchLine(
                  account.id,
                  account.kind,
                  formatVnd(account.balance),
                  formatVnd(account.computed),
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {check.negative_wallets.length > 0 ? (
        <section aria-labelledby="ledger-negative">
          <Text fw={600} size="sm" id="ledger-negative">
            {text.negative}
          </Text>
          <ul className={classes.changes}>
            {check.negative_wallets.map((wallet) => (
              <li key={wallet.id}>
                {text.negativeLine(
                  wallet.id,
                  wallet.user_id === null ? '—' : String(wallet.user_id),
                  formatVnd(wallet.balance),
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Stack>
  );
}

/** The ledger's invariants, checked on the server when asked, shown as pass or fail. */
export function LedgerCheckCard() {
  const online = useOnline();
  const check = useMutation({
    mutationFn: checkLedger,
    onError: (error) => toast.error(getErrorMessage(error)),
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="ledger-check">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ledger-check">
          {text.ledger}
        </Title>
        <Text size="sm" c="dimmed">
          {text.ledgerHint}
        </Text>
        <Group>
          <Button loading={check.isPending} disabled={!online} onClick={() => check.mutate()}>
            {text.runCheck}
          </Button>
        </Group>
        {check.data ? <Result check={check.data} /> : null}
      </Stack>
    </Paper>
  );
}

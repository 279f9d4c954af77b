import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MoneyOverview } from '#contract/admin-money';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import { formatVnd, formatWhole } from '#src/lib/format';
import { adminQueries, type DateRange } from '../api/admin-api';
import { LedgerCheckCard } from '../components/ledger-check';
import { StatCard } from '../components/stat-card';
import { monthToDate } from '../date-range';
import classes from '../components/admin.module.css';

const text = vi.adminConsole.money;
const common = vi.adminConsole;


function Overview({ money }: { money: MoneyOverview }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <StatCard
          label={text.escrow}
          value={formatVnd(money.escrow_held)}
          detail={text.openOrders(formatWhole(money.open_orders))}
        />
        <StatCard label={text.commissionInRange} value={formatVnd(money.commission_in_range)} />
        <StatCard label={text.commissionAllTime} value={formatVnd(money.commission_all_time)} />
        <StatCard
          label={text.pendingPayouts}
          value={formatVnd(money.pending_payouts.amount)}
          detail={text.pendingCount(formatWhole(money.pending_payouts.count))}
        />
        <StatCard label={text.wallets} value={formatVnd(money.wallets_total)} />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="money-vnpay">
        <Title order={2} size="h4" id="money-vnpay" mb="sm">
          {text.vnpay}
        </Title>
        <div className={classes.tableScroll}>
          <Table aria-labelledby="money-vnpay">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.outcome}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {text.count}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {text.amount}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {money.vnpay.map((row) => (
                <Table.Tr key={row.status}>
                  <Table.Th scope="row" fw={500}>
                    {text.outcomes[row.status]}
                  </Table.Th>
                  <Table.Td ta="right">{formatWhole(row.count)}</Table.Td>
                  <Table.Td ta="right">{formatVnd(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Paper>
    </Stack>
  );
}

/**
 * /admin/money: where the platform's money is now (escrow, wallets, payouts waiting), what it
 * earned in a range and overall, how VNPay went, and the ledger check on demand.
 */
export function AdminMoneyPage() {
  const [range, setRange] = useState<DateRange>(() => monthToDate());
  const money = useQuery({ ...adminQueries.money(range), placeholderData: keepPreviousData });

  let body;
  if (money.isPending) body = <ScreenLoading label={common.loading} />;
  else if (money.isError) {
    // A range the server refuses (the end before the start) says why, with the old figures gone.
    body = (
      <ScreenError
        title={common.loadFailed}
        error={money.error}
        retryLabel={common.retry}
        onRetry={() => void money.refetch()}
      />
    );
  } else body = <Overview money={money.data} />;

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <div className={classes.dates}>
        <TextInput
          type="date"
          label={text.from}
          value={range.start_date}
          onChange={(event) => {
            const start_date = event.currentTarget.value;
            if (start_date) setRange((current) => ({ ...current, start_date }));
          }}
        />
        <TextInput
          type="date"
          label={text.to}
          value={range.end_date}
          onChange={(event) => {
            const end_date = event.currentTarget.value;
            if (end_date) setRange((current) => ({ ...current, end_date }));
          }}
        />
      </div>
      {body}
      <LedgerCheckCard />
    </Stack>
  );
}

import '@mantine/core/styles/Tabs.layer.css';
import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { StatusFilter } from '#src/api/orders';
import { NewOrderAlerts } from '#src/components/live/new-order-alerts';
import { WalletBalance } from '#src/components/wallet-balance';
import { vi } from '#src/i18n/vi';
import { CUSTOMER_FILTERS, STAFF_FILTERS } from '../status-filters';
import { OrderList } from '../components/order-list';
import classes from '../components/orders.module.css';
import { useOrderKind } from '../use-order-kind';

const text = vi.orders;

const filterLabel = (filter: StatusFilter) => (filter === 'all' ? text.all : text.status[filter]);

/**
 * /orders (spec 2.13). The tab lives in the address (?status=paid), so going back to the list
 * from an order returns to the same tab.
 */
export function OrdersPage() {
  const kind = useOrderKind();
  const filters = kind === 'staff' ? STAFF_FILTERS : CUSTOMER_FILTERS;
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = filters.find((filter) => filter === requested) ?? 'all';

  const select = (value: string | null) => {
    const next = filters.find((filter) => filter === value) ?? 'all';
    setParams(next === 'all' ? {} : { status: next }, { replace: true });
  };

  return (
    <Stack gap="md" maw={800} mx="auto">
      <Title order={1} size="h2">
        {kind === 'staff' ? text.staffTitle : text.title}
      </Title>
      {/* Spec 2.13 and section 6: customers see their balance here; staff orders are not paid
          from the staff member's wallet. */}
      {kind === 'staff' ? <NewOrderAlerts /> : null}
      {kind === 'customer' ? (
        <Paper withBorder radius="md" px="md" py="sm">
          <WalletBalance />
        </Paper>
      ) : null}
      <Tabs value={status} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={text.filter} className={classes.tabList}>
          {filters.map((filter) => (
            <Tabs.Tab key={filter} value={filter} className={classes.tab}>
              {filterLabel(filter)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {filters.map((filter) => (
          <Tabs.Panel key={filter} value={filter} pt="md">
            <OrderList kind={kind} status={filter} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

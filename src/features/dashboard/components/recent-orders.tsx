import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { generatePath, Link } from 'react-router-dom';
import type { Order } from '#contract/orders';
import { OrderStatusBadge } from '#src/components/order-status-badge';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/staff-home';
import { formatVnd } from '#src/lib/format';
import { formatDateTime } from '#src/lib/format-date';
import { RECENT_ORDERS_SHOWN } from '../api/get-recent-orders';
import classes from './dashboard.module.css';

const text = vi.dashboard;

function Rows({ orders }: { orders: readonly Order[] }) {
  if (orders.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {text.noOrders}
      </Text>
    );
  }
  return (
    <ul className={classes.orders}>
      {orders.slice(0, RECENT_ORDERS_SHOWN).map((order) => (
        <li key={order.id}>
          <Link to={generatePath(paths.order, { id: String(order.id) })} className={classes.order}>
            <span>
              <Text fw={700}>{text.orderNumber(order.id)}</Text>
              <Text component="time" dateTime={order.created_at} size="sm" c="dimmed">
                {formatDateTime(order.created_at)}
              </Text>
            </span>
            <span className={classes.orderMeta}>
              <Text className={classes.money}>{formatVnd(order.total_amount)}</Text>
              <OrderStatusBadge status={order.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface RecentOrdersProps {
  /** The newest orders; undefined while loading or when the call failed. */
  orders: readonly Order[] | undefined;
  loading: boolean;
}

/** Spec 2.17: up to 5 of the newest orders (id, time, total, status) and the way to all. */
export function RecentOrders({ orders, loading }: RecentOrdersProps) {
  return (
    <Paper
      component="section"
      aria-labelledby="dashboard-recent-orders"
      withBorder
      radius="lg"
      p="md"
      data-empty={orders === undefined && !loading ? true : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="dashboard-recent-orders">
          {text.recentOrders}
        </Title>
        {orders ? (
          <Rows orders={orders} />
        ) : loading ? (
          <Stack gap="xs">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={48} />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">
            <span aria-hidden="true">—</span>
            <VisuallyHidden>{text.noData}</VisuallyHidden>
          </Text>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={paths.orders} variant="light" size="md">
            {text.allOrders}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

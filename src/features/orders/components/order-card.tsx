import { Paper, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router-dom';
import type { Order } from '#contract/orders';
import { OrderStatusBadge } from '#src/components/order-status-badge';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDateTime } from '#src/lib/format-date';
import classes from './orders.module.css';
import staffClasses from './staff-orders.module.css';

const text = vi.orders;

interface OrderCardProps {
  order: Order;
  /** A large touch target, for the staff list on a pinned tablet. */
  large?: boolean;
}

/**
 * Spec 2.13: id, status, restaurant, date (with its time), total and item count; the whole card
 * opens it.
 */
export function OrderCard({ order, large = false }: OrderCardProps) {
  return (
    <Paper
      component={Link}
      to={generatePath(paths.order, { id: String(order.id) })}
      withBorder
      radius="lg"
      p={large ? 'lg' : 'md'}
      className={large ? `${classes.card} ${staffClasses.card}` : classes.card}
    >
      <div className={classes.cardHead}>
        <Text fw={700}>{text.orderNumber(order.id)}</Text>
        <OrderStatusBadge status={order.status} />
      </div>
      <Text size="sm" mt={4} lineClamp={1}>
        {order.restaurant_name}
      </Text>
      <div className={classes.cardFoot}>
        <Text size="sm" c="dimmed">
          {text.cardMeta(formatDateTime(order.created_at), order.item_count)}
        </Text>
        <Text className={classes.money}>{formatVnd(order.total_amount)}</Text>
      </div>
    </Paper>
  );
}

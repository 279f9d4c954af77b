import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import type { OrderStatus } from '#contract/orders';
import { vi } from '../i18n/staff-home';

/**
 * An order's status as spec section 4 names it. Completed orders wear the default (filled)
 * style, every other status the secondary one. Shared by the orders screens and the dashboard.
 */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const completed = status === 'completed';
  return (
    <Badge
      variant={completed ? 'filled' : 'light'}
      color={completed ? undefined : 'gray'}
      radius="sm"
      tt="none"
      data-status={status}
    >
      {vi.orders.status[status]}
    </Badge>
  );
}

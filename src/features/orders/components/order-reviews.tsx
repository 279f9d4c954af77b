import { Text } from '@mantine/core';
import type { OrderItem } from '#contract/orders';
import { IconCheck } from '#src/components/action-icons';
import { ReviewForm } from '#src/components/review-form';
import { vi } from '#src/i18n/vi';
import classes from './orders.module.css';

const text = vi.orders;

function Reviewed() {
  return (
    <Text size="sm" c="green" fw={600} className={classes.reviewed}>
      <IconCheck size={16} />
      {text.reviewed}
    </Text>
  );
}

/**
 * Spec 2.14 and section 4: on a completed order the customer reviews each dish once; an item
 * already reviewed says 'Đã đánh giá' instead of offering the form.
 */
export function OrderReviews({ orderId, items }: { orderId: number; items: readonly OrderItem[] }) {
  return (
    <ul className={classes.reviews}>
      {items.map((item) => (
        <li key={item.id} aria-label={item.food_name}>
          <Text size="sm" fw={600}>
            {item.food_name}
          </Text>
          {item.has_reviewed ? (
            <Reviewed />
          ) : (
            <ReviewForm orderId={orderId} orderItemId={item.id} foodId={item.food_id} />
          )}
        </li>
      ))}
    </ul>
  );
}

import { Text, VisuallyHidden } from '@mantine/core';
import type { OrderItem } from '#contract/orders';
import { CoverImage } from '#src/components/cover-image';
import { vi } from '#src/i18n/vi';
import { describeChoices } from '#src/lib/cart/line-choices';
import { formatVnd } from '#src/lib/format';
import classes from './orders.module.css';

const text = vi.orders;

/**
 * Spec 2.14: each dish with its choices by group ('Size: L · Topping: Trứng'), the customer's
 * note, unit price, quantity and subtotal.
 */
export function OrderItems({ items }: { items: readonly OrderItem[] }) {
  return (
    <ul className={classes.items}>
      {items.map((item) => {
        const choices = describeChoices(item.options, item.toppings);
        return (
          <li key={item.id}>
            <CoverImage src={item.food_image} alt="" ratio={1} className={classes.thumb} />
            <div className={classes.itemBody}>
              <Text size="sm" fw={600}>
                {item.food_name}
              </Text>
              {choices ? (
                <Text size="xs" c="dimmed" className={classes.choices}>
                  {choices}
                </Text>
              ) : null}
              {item.note ? (
                <Text size="xs" c="dimmed" className={classes.choices}>
                  {text.lineNote(item.note)}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {text.unitPriceTimes(formatVnd(item.price), item.quantity)}
              </Text>
            </div>
            <Text size="sm" fw={600} className={classes.money}>
              <VisuallyHidden>{text.itemSubtotal}: </VisuallyHidden>
              {formatVnd(item.subtotal)}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}

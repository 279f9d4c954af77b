import { Text, VisuallyHidden } from '@mantine/core';
import type { OrderItem } from '#contract/orders';
import { LineChoices } from '#src/components/cart/line-choices';
import { CoverImage } from '#src/components/cover-image';
import { vi } from '#src/i18n/vi';
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
        return (
          <li key={item.id}>
            <CoverImage src={item.food_image} alt="" ratio={1} className={classes.thumb} />
            <div className={classes.itemBody}>
              <Text size="sm" fw={600}>
                {item.food_name}
              </Text>
              <LineChoices options={item.options} toppings={item.toppings} note={item.note} />
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

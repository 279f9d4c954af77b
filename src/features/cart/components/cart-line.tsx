import '@mantine/core/styles/Badge.layer.css';
import { ActionIcon, Badge, Text, VisuallyHidden } from '@mantine/core';
import { generatePath, Link } from 'react-router-dom';
import { LineChoices } from '#src/components/cart/line-choices';
import { QuantityStepper } from '#src/components/cart/quantity-stepper';
import { CoverImage } from '#src/components/cover-image';
import { IconTrash } from '#src/components/action-icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import type { CartLineView } from '#src/lib/cart/use-cart';
import { formatVnd } from '#src/lib/format';
import classes from './cart.module.css';

const text = vi.cart;

interface CartLineProps {
  line: CartLineView;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}

/**
 * One line of the cart (spec 2.11): picture, name (to the dish), its choices by group
 * ('Size: L · Topping: Trứng') and note, restaurant, line total, minus (stops at 1), plus and
 * remove. A line that cannot be ordered says why (the server's reason) and can only be removed; a change still waiting for the network says 'đang chờ đồng bộ'.
 */
export function CartLine({ line, onQuantity, onRemove }: CartLineProps) {
  return (
    <li
      className={classes.line}
      data-pending={line.pending || undefined}
      data-unavailable={!line.available || undefined}
    >
      <CoverImage src={line.food_image} alt="" ratio={1} className={classes.thumb} />
      <div className={classes.lineBody}>
        <h3 className={classes.lineName}>
          <Link
            to={generatePath(paths.food, { id: String(line.food_id) })}
            className={classes.lineLink}
          >
            {line.food_name}
          </Link>
        </h3>
        <LineChoices options={line.options} toppings={line.toppings} note={line.note} size="sm" />
        <Text size="xs" c="dimmed">
          <VisuallyHidden>{text.restaurant}: </VisuallyHidden>
          {line.restaurant_name}
        </Text>
        <Text size="xs" c="dimmed">
          {text.unitPrice(formatVnd(line.price))}
        </Text>
        {line.available ? null : (
          <Text role="note" size="sm" fw={600} className={classes.unavailable}>
            {line.unavailable_reason ?? text.lineUnavailable}
          </Text>
        )}
        {line.pending ? (
          <Badge color="yellow" variant="light" radius="sm" tt="none">
            {text.pendingSync}
          </Badge>
        ) : null}
        <div className={classes.lineFoot}>
          <QuantityStepper
            value={line.quantity}
            onChange={(quantity) => onQuantity(line.key, quantity)}
            disabled={!line.available}
            label={text.quantityOf(line.food_name)}
            hideLabel
            decreaseLabel={text.decrease(line.food_name)}
            increaseLabel={text.increase(line.food_name)}
          />
          <Text span className={classes.lineTotal}>
            <VisuallyHidden>{text.lineTotal}: </VisuallyHidden>
            {formatVnd(line.line_total)}
          </Text>
        </div>
      </div>
      <ActionIcon
        variant="subtle"
        color="red"
        size={44}
        radius="xl"
        aria-label={text.remove(line.food_name)}
        onClick={() => onRemove(line.key)}
      >
        <IconTrash />
      </ActionIcon>
    </li>
  );
}

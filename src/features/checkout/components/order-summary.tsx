import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { LineChoices } from '#src/components/cart/line-choices';
import { vi } from '#src/i18n/vi';
import type { CartLineView, CartView } from '#src/lib/cart/use-cart';
import { formatVnd } from '#src/lib/format';
import classes from './checkout.module.css';

const text = vi.checkout;

function Line({ line }: { line: CartLineView }) {
  return (
    <li>
      <div className={classes.lineName}>
        <Text size="sm" fw={500}>
          {text.itemLine(line.food_name, line.quantity)}
        </Text>
        <LineChoices options={line.options} toppings={line.toppings} note={line.note} />
        {line.available ? null : (
          <Text size="xs" fw={600} className={classes.unavailable}>
            {line.unavailable_reason ?? text.unavailable}
          </Text>
        )}
      </div>
      <Text size="sm" className={classes.amount}>
        {formatVnd(line.line_total)}
      </Text>
    </li>
  );
}

export interface OrderSummaryProps {
  cart: CartView;
  discount: number;
  total: number;
  /** The pay button and what it needs, under the totals. */
  children?: ReactNode;
}

/**
 * Spec 2.12: each dish 'name x quantity' with its choices, note and line total, then the
 * amounts.
 */
export function OrderSummary({ cart, discount, total, children }: OrderSummaryProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="md"
      className={classes.summary}
    >
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {text.summary}
        </Title>
        {cart.restaurant_name ? (
          <Text size="sm" c="dimmed">
            {text.restaurantLine(cart.restaurant_name)}
          </Text>
        ) : null}
        {cart.items.length > 0 ? (
          <ul className={classes.lines} aria-label={text.items}>
            {cart.items.map((line) => (
              <Line key={line.key} line={line} />
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {text.noItems}
          </Text>
        )}
        <dl className={classes.totals}>
          <dt>{text.subtotal}</dt>
          <dd>{formatVnd(cart.subtotal)}</dd>
          <dt>{text.shippingFee}</dt>
          <dd>{text.freeShip}</dd>
          <dt>{text.discount}</dt>
          <dd>{discount > 0 ? text.discountAmount(formatVnd(discount)) : formatVnd(0)}</dd>
          <dt className={classes.grandTotal}>{text.total}</dt>
          <dd className={classes.grandTotal}>{formatVnd(total)}</dd>
        </dl>
        {children}
      </Stack>
    </Paper>
  );
}

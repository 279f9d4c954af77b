import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { Food } from '#contract/catalogue';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import ordering from '../../../components/cart/ordering.module.css';
import { QuantityStepper } from '#src/components/cart/quantity-stepper';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { IconCart } from '#src/components/icons';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { canOrder, lineTotal, MIN_QUANTITY } from '#src/lib/ordering';
import classes from './food.module.css';

const text = vi.food;

/**
 * The order box of spec 2.9: quantity (at least 1), the total and the add-to-cart button. A
 * dish with toppings opens the topping dialog from the chosen quantity; any other dish goes
 * into the cart at once. An unavailable dish (or a paused restaurant's) says why it cannot be
 * ordered and locks the box.
 */
export function OrderBox({ food }: { food: Food }) {
  const titleId = useId();
  const totalId = useId();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const addToCart = useAddToCart();
  const orderable = canOrder(food);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {text.order}
        </Title>
        {orderable ? null : (
          <Text role="note" fw={600} size="sm" className={classes.unavailable}>
            {text.unavailable}
          </Text>
        )}
        <div className={ordering.orderRow}>
          <QuantityStepper value={quantity} onChange={setQuantity} disabled={!orderable} />
          <div className={ordering.total}>
            <Text id={totalId} size="sm" c="dimmed">
              {text.total}
            </Text>
            <output aria-labelledby={totalId} className={ordering.totalValue}>
              {formatVnd(lineTotal(food.price, [], quantity))}
            </output>
          </div>
        </div>
        {addToCart.enabled ? (
          <Button
            size="md"
            fullWidth
            leftSection={<IconCart size={20} />}
            disabled={!orderable}
            onClick={() => void addToCart.start(food, { quantity })}
          >
            {vi.cart.addToCart}
          </Button>
        ) : null}
      </Stack>
      <AddToCartDialogs flow={addToCart} />
    </Paper>
  );
}

import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Food } from '#contract/catalogue';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { LineNoteField } from '#src/components/cart/line-note-field';
import ordering from '../../../components/cart/ordering.module.css';
import { QuantityStepper } from '#src/components/cart/quantity-stepper';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { IconCart } from '#src/components/icons';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { locationStore } from '#src/lib/location';
import { canOrder, lineTotal, MIN_QUANTITY } from '#src/lib/ordering';
import { closedNotice, outOfAreaNotice } from '#src/lib/store-state';
import classes from './food.module.css';

const text = vi.food;

/**
 * The order box of spec 2.9: quantity (at least 1), the total and the add-to-cart button. A
 * dish with toppings or option groups opens the choice dialog from the chosen quantity (the
 * dialog has its own note field); any other dish goes into the cart at once, with the note
 * written here. The box says why a dish cannot be ordered and locks itself: unavailable, its
 * restaurant paused or closed (until when), or out of the customer's delivery area.
 */
export function OrderBox({ food }: { food: Food }) {
  const titleId = useId();
  const totalId = useId();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const [note, setNote] = useState('');
  const { current: location } = useSnapshot(locationStore);
  const addToCart = useAddToCart();
  const notices = canOrder(food)
    ? [
        closedNotice(food.restaurant, text.closedNow),
        outOfAreaNotice(food.restaurant, location),
      ].filter((notice): notice is string => notice !== null)
    : [text.unavailable];
  const orderable = notices.length === 0;
  // A dish kept offline from before option groups has none.
  const asks = food.toppings.length > 0 || (food.option_groups?.length ?? 0) > 0;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {text.order}
        </Title>
        {notices.map((notice) => (
          <Text key={notice} role="note" fw={600} size="sm" className={classes.unavailable}>
            {notice}
          </Text>
        ))}
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
        {addToCart.enabled && !asks ? (
          <LineNoteField value={note} onChange={setNote} disabled={!orderable} />
        ) : null}
        {addToCart.enabled ? (
          <Button
            size="md"
            fullWidth
            leftSection={<IconCart size={20} />}
            disabled={!orderable}
            onClick={() => void addToCart.start(food, { quantity, note })}
          >
            {vi.cart.addToCart}
          </Button>
        ) : null}
      </Stack>
      <AddToCartDialogs flow={addToCart} />
    </Paper>
  );
}

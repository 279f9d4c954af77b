import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { Food } from '../../../../contract/catalogue';
import { vi } from '../../../i18n/vi';
import { formatVnd } from '../../../lib/format';
import { canOrder, lineTotal, MIN_QUANTITY } from '../ordering';
import classes from './food.module.css';
import { QuantityStepper } from './quantity-stepper';

const text = vi.food;

/**
 * The order box of spec 2.9: quantity (at least 1) and the total. The add-to-cart button and
 * the topping dialog it opens join this box with the cart issue; an unavailable dish already
 * says why it cannot be ordered.
 */
export function OrderBox({ food }: { food: Food }) {
  const titleId = useId();
  const totalId = useId();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
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
        <div className={classes.orderRow}>
          <QuantityStepper value={quantity} onChange={setQuantity} disabled={!orderable} />
          <div className={classes.total}>
            <Text id={totalId} size="sm" c="dimmed">
              {text.total}
            </Text>
            <output aria-labelledby={totalId} className={classes.totalValue}>
              {formatVnd(lineTotal(food.price, [], quantity))}
            </output>
          </div>
        </div>
      </Stack>
    </Paper>
  );
}

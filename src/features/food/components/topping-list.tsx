import { Paper, Title } from '@mantine/core';
import { useId } from 'react';
import type { Topping } from '#contract/catalogue';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import classes from './food.module.css';

const text = vi.food;

/** Spec 2.9: the dish's optional toppings, each with its name and price. */
export function ToppingList({ toppings }: { toppings: readonly Topping[] }) {
  const titleId = useId();
  if (toppings.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Title id={titleId} order={2} size="h4" mb="xs">
        {text.toppings}
      </Title>
      <ul className={classes.toppingList}>
        {toppings.map((topping) => (
          <li key={topping.id}>
            <span>{topping.name}</span>
            <span className={classes.toppingPrice}>
              {text.toppingPrice(formatVnd(topping.price))}
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}

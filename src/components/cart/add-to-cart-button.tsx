import { Button } from '@mantine/core';
import { vi } from '../../i18n/vi';
import { IconCart } from '../icons';
import classes from './ordering.module.css';
import type { AddToCartDish, AddToCartFlow } from './use-add-to-cart';

const text = vi.cart;

interface AddToCartButtonProps {
  flow: AddToCartFlow;
  dish: AddToCartDish;
}

/**
 * The add button of a dish card (spec 2.6, 2.8, 2.10). It sits above the card's covering link
 * (dish-card.module.css), so a tap adds instead of opening the dish. The visible word starts
 * its longer name, which says which dish it adds.
 */
export function AddToCartButton({ flow, dish }: AddToCartButtonProps) {
  return (
    <Button
      fullWidth
      variant="light"
      size="sm"
      className={classes.addButton}
      leftSection={<IconCart size={18} />}
      aria-label={text.addNamed(dish.name)}
      loading={flow.busyFoodId === dish.id}
      onClick={() => void flow.start(dish)}
    >
      {text.add}
    </Button>
  );
}

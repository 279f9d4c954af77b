import { Button } from '@mantine/core';
import { vi } from '#src/i18n/first-screen';
import { cardClosedNotice } from '#src/lib/store-state';
import { IconCart } from '../icons';
import classes from './ordering.module.css';
import type { AddToCartDish, AddToCartFlow } from './use-add-to-cart';

const text = vi.cart;

interface AddToCartButtonProps {
  dish: AddToCartDish;
  /** The dish's detail is being fetched for this add. */
  busy: boolean;
  /** flow.start of useAddToCart: stable, so a memoised card does not render again for it. */
  onAdd: AddToCartFlow['start'];
  /** The page knows the restaurant does not take orders now (paused, closed, out of area). */
  disabled?: boolean;
}

/**
 * The add button of a dish card (spec 2.6, 2.8, 2.10). It sits above the card's covering link
 * (dish-card.module.css), so a tap adds instead of opening the dish. The visible word starts
 * its longer name, which says which dish it adds.
 */
export function AddToCartButton({ dish, busy, onAdd, disabled = false }: AddToCartButtonProps) {
  // A closed restaurant's dish stays on show with its reopening time, but cannot be added.
  const closed = cardClosedNotice(dish.restaurant) !== null;
  return (
    <Button
      fullWidth
      variant="light"
      size="sm"
      className={classes.addButton}
      leftSection={<IconCart size={18} />}
      aria-label={text.addNamed(dish.name)}
      loading={busy}
      disabled={disabled || closed}
      onClick={() => void onAdd(dish)}
    >
      {text.add}
    </Button>
  );
}

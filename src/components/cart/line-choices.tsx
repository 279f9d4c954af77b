import { Text, type MantineSize } from '@mantine/core';
import { vi } from '#src/i18n/vi';
import { describeChoices } from '#src/lib/cart/line-choices';
import classes from './ordering.module.css';

/**
 * What was chosen for a line and the customer's note, under the dish's name on the cart,
 * checkout and order screens (the staff's order page included): 'Size: L · Topping: Trứng,
 * Chả', then 'Ghi chú: không hành'. Nothing when the line has neither.
 */
export function LineChoices({
  options,
  toppings,
  note,
  size = 'xs',
}: {
  options: readonly { group: string; name: string }[] | undefined;
  toppings: readonly { name: string }[];
  note: string | undefined;
  size?: MantineSize;
}) {
  const choices = describeChoices(options, toppings);
  return (
    <>
      {choices ? (
        <Text size={size} c="dimmed" className={classes.choices}>
          {choices}
        </Text>
      ) : null}
      {note ? (
        <Text size={size} c="dimmed" className={classes.choices}>
          {vi.cart.lineNote(note)}
        </Text>
      ) : null}
    </>
  );
}

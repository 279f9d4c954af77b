import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import type { Food, Topping } from '#contract/catalogue';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { lineTotal, MIN_QUANTITY } from '#src/lib/ordering';
import classes from './ordering.module.css';
import { QuantityStepper } from './quantity-stepper';

const text = vi.food;

/** What the add-to-cart call takes (spec section 3, 'Add-to-cart payload'), less the food_id. */
export interface ToppingChoice {
  quantity: number;
  topping_ids: number[];
}

type DialogFood = Pick<Food, 'name' | 'price'> & { toppings: readonly Topping[] };

export interface ToppingDialogProps {
  opened: boolean;
  onClose: () => void;
  food: DialogFood;
  /** The quantity the dialog starts from, e.g. the one chosen in the order box. */
  initialQuantity?: number;
  /**
   * Called with the choice. The dialog closes once it returns, or once its promise resolves;
   * a rejected promise keeps the dialog open with the choice intact (the caller says what
   * went wrong, as it knows the server's reason).
   */
  onConfirm: (choice: ToppingChoice) => void | Promise<unknown>;
}

function ToppingForm({
  food,
  initialQuantity,
  onConfirm,
  onClose,
}: Omit<ToppingDialogProps, 'opened'> & { initialQuantity: number }) {
  const totalId = useId();
  const [selected, setSelected] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(initialQuantity);
  const [pending, setPending] = useState(false);
  const chosen = food.toppings.filter((topping) => selected.includes(String(topping.id)));
  const total = lineTotal(
    food.price,
    chosen.map((topping) => topping.price),
    quantity,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await onConfirm({ quantity, topping_ids: chosen.map((topping) => topping.id) });
      onClose();
    } catch {
      // Stay open with the same choice: the caller has already told the user why.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div className={classes.dialogDish}>
          <Text fw={600}>{food.name}</Text>
          <Text c="dimmed" size="sm">
            {formatVnd(food.price)}
          </Text>
        </div>
        <Checkbox.Group label={text.toppingDialog.toppings} value={selected} onChange={setSelected}>
          <Stack gap="xs" mt="xs">
            {food.toppings.map((topping) => (
              <Checkbox
                key={topping.id}
                value={String(topping.id)}
                classNames={{ body: classes.toppingBody, labelWrapper: classes.toppingLabel }}
                label={
                  <span className={classes.toppingRow}>
                    <span>{topping.name}</span>
                    <span className={classes.toppingPrice}>
                      {text.toppingPrice(formatVnd(topping.price))}
                    </span>
                  </span>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <div className={classes.orderRow}>
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <div className={classes.total}>
            <Text id={totalId} size="sm" c="dimmed">
              {text.total}
            </Text>
            <output aria-labelledby={totalId} className={classes.totalValue}>
              {formatVnd(total)}
            </output>
          </div>
        </div>
        <Button type="submit" fullWidth size="md" loading={pending}>
          {text.toppingDialog.confirm}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The topping choice of spec 2.9: a checkbox per topping (each toggles on its own), the
 * quantity, the total of (dish + chosen toppings) x quantity, and the confirm button. Mantine
 * unmounts a closed modal's content, so every opening starts afresh with no topping chosen.
 */
export function ToppingDialog({
  opened,
  onClose,
  food,
  initialQuantity = MIN_QUANTITY,
  onConfirm,
}: ToppingDialogProps) {
  // Built from parts so the header is a plain div: Mantine's <header> outside any landmark
  // would be exposed as a second banner next to the app's own.
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{text.toppingDialog.title}</Modal.Title>
          <Modal.CloseButton aria-label={text.toppingDialog.close} />
        </Modal.Header>
        <Modal.Body>
          <ToppingForm
            food={food}
            initialQuantity={initialQuantity}
            onConfirm={onConfirm}
            onClose={onClose}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import type { Food, Topping } from '#contract/catalogue';
import type { OptionGroup } from '#contract/options';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { lineTotal, MIN_QUANTITY } from '#src/lib/ordering';
import { LineNoteField } from './line-note-field';
import { OptionGroupField } from './option-group-field';
import classes from './ordering.module.css';
import { QuantityStepper } from './quantity-stepper';

const text = vi.food;

/**
 * What the add-to-cart call takes (spec section 3, 'Add-to-cart payload', and the option
 * groups' option_ids and note), less the food_id.
 */
export interface ToppingChoice {
  quantity: number;
  topping_ids: number[];
  /** The chosen options of the dish's groups, in the dish's group order. */
  option_ids: number[];
  /** Trimmed; '' for none. */
  note: string;
}

type DialogFood = Pick<Food, 'name' | 'price'> & {
  toppings: readonly Topping[];
  /** The dish's option groups in order; none for a dish that only has toppings. */
  option_groups?: readonly OptionGroup[];
};

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
  const missingId = useId();
  const groups = food.option_groups ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  // The options chosen in each group, by group id, in the order the group lists them.
  const [answers, setAnswers] = useState<Record<number, number[]>>({});
  const [note, setNote] = useState('');
  const [quantity, setQuantity] = useState(initialQuantity);
  const [pending, setPending] = useState(false);
  const chosen = food.toppings.filter((topping) => selected.includes(String(topping.id)));
  const chosenOptions = groups.flatMap((group) =>
    group.options.filter((option) => answers[group.id]?.includes(option.id)),
  );
  const missing = groups.filter((group) => (answers[group.id]?.length ?? 0) < group.min_select);
  const total = lineTotal(
    food.price,
    [...chosenOptions.map((option) => option.price), ...chosen.map((topping) => topping.price)],
    quantity,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || missing.length > 0) return;
    setPending(true);
    try {
      await onConfirm({
        quantity,
        topping_ids: chosen.map((topping) => topping.id),
        option_ids: chosenOptions.map((option) => option.id),
        note: note.trim(),
      });
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
        {groups.map((group) => (
          <OptionGroupField
            key={group.id}
            group={group}
            value={answers[group.id] ?? []}
            onChange={(ids) => setAnswers((current) => ({ ...current, [group.id]: ids }))}
          />
        ))}
        {food.toppings.length > 0 ? (
          <Checkbox.Group
            label={text.toppingDialog.toppings}
            value={selected}
            onChange={setSelected}
          >
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
        ) : null}
        <LineNoteField value={note} onChange={setNote} />
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
        {missing.length > 0 ? (
          <Text id={missingId} size="sm" c="dimmed">
            {text.toppingDialog.missing(missing.map((group) => group.name).join(', '))}
          </Text>
        ) : null}
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={pending}
          disabled={missing.length > 0}
          aria-describedby={missing.length > 0 ? missingId : undefined}
        >
          {text.toppingDialog.confirm}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The choice of spec 2.9 and of the dish's option groups: each group in order (a radio per
 * option when one may be chosen, a checkbox otherwise, 'Bắt buộc' on a required group), then a
 * checkbox per topping, the note for the kitchen, the quantity, the total of (dish + chosen
 * options and toppings) x quantity, and the confirm button, which waits for every required
 * group. Mantine unmounts a closed modal's content, so every opening starts afresh.
 */
export function ToppingDialog({
  opened,
  onClose,
  food,
  initialQuantity = MIN_QUANTITY,
  onConfirm,
}: ToppingDialogProps) {
  const hasGroups = (food.option_groups?.length ?? 0) > 0;
  // Built from parts so the header is a plain div: Mantine's <header> outside any landmark
  // would be exposed as a second banner next to the app's own.
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>
            {hasGroups ? text.toppingDialog.optionsTitle : text.toppingDialog.title}
          </Modal.Title>
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

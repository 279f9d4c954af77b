import { ActionIcon, Button, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import { newToppingRow, type DishFieldErrors, type ToppingRow } from '../dish-form-values';
import classes from './staff-menu.module.css';

const text = vi.dishForm;

/** '45.000 ₫' as the price is typed, as formatVnd writes it elsewhere. */
export const PRICE_SUFFIX = ` ${vi.format.currency}`;

interface ToppingsEditorProps {
  rows: ToppingRow[];
  onChange: (rows: ToppingRow[]) => void;
  /** The server's problems per row key. */
  rowErrors: DishFieldErrors['toppings'];
  error?: string;
}

/** The dish's toppings: rows of name and price, added and removed freely. */
export function ToppingsEditor({ rows, onChange, rowErrors, error }: ToppingsEditorProps) {
  const update = (key: string, change: Partial<ToppingRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{text.toppings}</legend>
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.noToppings}
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <div key={row.key} className={classes.toppingRow}>
              <TextInput
                size="md"
                aria-label={text.toppingName(number)}
                placeholder={text.toppingNamePlaceholder}
                maxLength={100}
                value={row.name}
                onChange={(event) => update(row.key, { name: event.currentTarget.value })}
                error={rowErrors[row.key]?.name}
              />
              <NumberInput
                size="md"
                aria-label={text.toppingPrice(number)}
                placeholder={text.toppingPricePlaceholder}
                hideControls
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                suffix={PRICE_SUFFIX}
                inputMode="numeric"
                value={row.price}
                onChange={(value) =>
                  update(row.key, { price: typeof value === 'number' ? value : '' })
                }
                error={rowErrors[row.key]?.price}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size={42}
                aria-label={text.removeTopping(number)}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                <IconTrash />
              </ActionIcon>
            </div>
          );
        })}
        {error ? (
          <Text size="sm" c="red">
            {error}
          </Text>
        ) : null}
        <Button
          variant="light"
          size="md"
          w="fit-content"
          leftSection={<IconPlus />}
          onClick={() => onChange([...rows, newToppingRow()])}
        >
          {text.addTopping}
        </Button>
      </Stack>
    </fieldset>
  );
}

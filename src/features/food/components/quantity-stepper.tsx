import { ActionIcon, Text } from '@mantine/core';
import { useId } from 'react';
import { vi } from '../../../i18n/vi';
import { MAX_QUANTITY, MIN_QUANTITY } from '../ordering';
import classes from './food.module.css';

const text = vi.food;

function Sign({ plus }: { plus: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={plus ? 'M5 12h14M12 5v14' : 'M5 12h14'} />
    </svg>
  );
}

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * 'Số lượng' with minus and plus (spec 2.9). Minus stops at 1; the number is announced when it
 * changes.
 */
export function QuantityStepper({ value, onChange, disabled = false }: QuantityStepperProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={classes.stepper}>
      <Text id={labelId} size="sm" fw={500}>
        {text.quantity}
      </Text>
      <div className={classes.stepperControls}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={text.decrease}
          disabled={disabled || value <= MIN_QUANTITY}
          onClick={() => onChange(Math.max(MIN_QUANTITY, value - 1))}
        >
          <Sign plus={false} />
        </ActionIcon>
        <output aria-labelledby={labelId} aria-live="polite" className={classes.quantity}>
          {value}
        </output>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={text.increase}
          disabled={disabled || value >= MAX_QUANTITY}
          onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        >
          <Sign plus />
        </ActionIcon>
      </div>
    </div>
  );
}

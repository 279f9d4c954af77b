import { ActionIcon, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { vi } from '#src/i18n/vi';
import { MAX_QUANTITY, MIN_QUANTITY } from '#src/lib/ordering';
import classes from './ordering.module.css';

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

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** The group's name; 'Số lượng' unless a list of them needs each to say whose quantity it is. */
  label?: string;
  /** Keep the name for screen readers only, where the row already shows what it counts. */
  hideLabel?: boolean;
  decreaseLabel?: string;
  increaseLabel?: string;
}

/**
 * 'Số lượng' with minus and plus (spec 2.9, 2.11). Minus stops at 1 and plus at 99; the number
 * is announced when it changes.
 */
export function QuantityStepper({
  value,
  onChange,
  disabled = false,
  label = text.quantity,
  hideLabel = false,
  decreaseLabel = text.decrease,
  increaseLabel = text.increase,
}: QuantityStepperProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={classes.stepper}>
      {hideLabel ? (
        <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      ) : (
        <Text id={labelId} size="sm" fw={500}>
          {label}
        </Text>
      )}
      <div className={classes.stepperControls}>
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          aria-label={decreaseLabel}
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
          size={44}
          radius="xl"
          aria-label={increaseLabel}
          disabled={disabled || value >= MAX_QUANTITY}
          onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        >
          <Sign plus />
        </ActionIcon>
      </div>
    </div>
  );
}

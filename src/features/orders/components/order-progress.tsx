import { VisuallyHidden } from '@mantine/core';
import type { OrderStatus } from '#contract/orders';
import { IconCheck } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import classes from './orders.module.css';

const text = vi.orders;

/**
 * How many of the four steps of spec 2.14 are behind an order in each status: a paid order
 * has left 'awaiting payment' and waits to be accepted; a done one is cooked and on its way.
 */
const STEPS_BEHIND: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  pending: 0,
  paid: 1,
  accepted: 2,
  done: 3,
  completed: 4,
};

/** Spec 2.14: awaiting payment, accepted, cooked and delivering, delivered. */
export function OrderProgress({ status }: { status: Exclude<OrderStatus, 'cancelled'> }) {
  const behind = STEPS_BEHIND[status];
  return (
    <ol className={classes.progress} aria-label={text.progress}>
      {text.steps.map((label, index) => {
        const state = index < behind ? 'done' : index === behind ? 'current' : 'upcoming';
        return (
          <li
            key={label}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={classes.marker} aria-hidden="true">
              {state === 'done' ? <IconCheck size={16} /> : index + 1}
            </span>
            <span>{label}</span>
            {state === 'done' ? <VisuallyHidden>{text.stepDone}</VisuallyHidden> : null}
          </li>
        );
      })}
    </ol>
  );
}

import { Button, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import classes from './cart.module.css';

const text = vi.cart;

interface CartSummaryProps {
  subtotal: number;
  itemCount: number;
  empty: boolean;
}

/**
 * Spec 2.11: the sticky total and the way to /checkout, which an empty cart cannot take (a
 * disabled button then, rather than a link that leads nowhere useful).
 */
export function CartSummary({ subtotal, itemCount, empty }: CartSummaryProps) {
  const totalId = useId();
  return (
    <section className={classes.summary} aria-labelledby={totalId}>
      <div>
        <Text id={totalId} size="sm" c="dimmed">
          {text.total}
        </Text>
        <output aria-labelledby={totalId} className={classes.summaryValue}>
          {formatVnd(subtotal)}
        </output>
        <Text size="xs" c="dimmed">
          {text.itemCount(itemCount)}
        </Text>
      </div>
      {empty ? (
        <Button size="md" className={classes.checkout} disabled>
          {text.checkout}
        </Button>
      ) : (
        <Button size="md" className={classes.checkout} component={Link} to={paths.checkout}>
          {text.checkout}
        </Button>
      )}
    </section>
  );
}

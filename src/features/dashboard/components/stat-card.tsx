import '@mantine/core/styles/Skeleton.layer.css';
import { Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { vi } from '#src/i18n/staff-home';
import classes from './dashboard.module.css';

const text = vi.dashboard;

interface StatCardProps {
  label: string;
  /** The figure; undefined while it loads or when its call failed. */
  value: string | undefined;
  loading: boolean;
}

/**
 * One figure of spec 2.17. A failed call leaves the card standing but empty (spec 7.5), so the
 * grid does not jump and the other figures stay where the eye expects them.
 */
export function StatCard({ label, value, loading }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      role="group"
      aria-labelledby={labelId}
      data-empty={value === undefined && !loading ? true : undefined}
    >
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      {value !== undefined ? (
        <Text className={classes.statValue}>{value}</Text>
      ) : loading ? (
        <Skeleton height={28} mt={4} width="70%" />
      ) : (
        <Text className={classes.statValue} c="dimmed">
          <span aria-hidden="true">—</span>
          <VisuallyHidden>{text.noData}</VisuallyHidden>
        </Text>
      )}
    </Paper>
  );
}

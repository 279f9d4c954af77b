import { Paper, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './admin.module.css';

interface StatCardProps {
  label: string;
  value: string;
  /** A second line under the figure ('12 đơn đang mở'). */
  detail?: ReactNode;
}

/** One figure of the console, named by its label for screen readers. */
export function StatCard({ label, value, detail }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-labelledby={labelId} h="100%">
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      <Text className={classes.statValue}>{value}</Text>
      {detail ? (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}

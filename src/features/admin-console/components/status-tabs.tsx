import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './admin.module.css';

interface StatusTabsProps<S extends string> {
  statuses: readonly S[];
  /** The status shown (from the address). */
  value: S;
  onChange: (value: string | null) => void;
  /** Names the tab list. */
  label: string;
  /** Each status's tab title. */
  names: Record<S, string>;
  /** The list of the status shown; the other panels stay empty. */
  children: ReactNode;
}

/** A console list split by status, one tab each, scrolling sideways on a narrow phone. */
export function StatusTabs<S extends string>({
  statuses,
  value,
  onChange,
  label,
  names,
  children,
}: StatusTabsProps<S>) {
  return (
    <Tabs value={value} onChange={onChange} keepMounted={false}>
      <Tabs.List aria-label={label} className={classes.tabList}>
        {statuses.map((status) => (
          <Tabs.Tab key={status} value={status} className={classes.tab}>
            {names[status]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {statuses.map((status) => (
        <Tabs.Panel key={status} value={status} pt="md">
          {status === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

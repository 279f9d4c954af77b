import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Badge, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { Option, OptionGroup } from '#contract/options';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import classes from './ordering.module.css';

const text = vi.food.toppingDialog;

interface OptionGroupFieldProps {
  group: OptionGroup;
  /** The chosen option ids, in the group's order. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

/** '+5.000 ₫', nothing for a free option, 'Hết' for one that cannot be chosen now. */
function OptionAside({ option, id }: { option: Option; id: string }) {
  let aside: string | null = null;
  if (!option.available) aside = text.soldOut;
  else if (option.price > 0) aside = text.optionPrice(formatVnd(option.price));
  if (aside === null) return null;
  return (
    <span id={id} className={classes.toppingPrice}>
      {aside}
    </span>
  );
}

/**
 * One option group of the add dialog: its name as a heading (the group's name too), 'Bắt buộc'
 * when it needs an answer, 'Chọn tối đa n' when more than one may be chosen. One choice is a
 * radio group (an optional one is cleared by a second click on the chosen option); more are
 * checkboxes, which stop taking more once the group's maximum is chosen. Each option's name is
 * its whole label: the price and 'Hết' describe it.
 */
export function OptionGroupField({ group, value, onChange }: OptionGroupFieldProps) {
  const headingId = useId();
  const badgeId = useId();
  const hintId = useId();
  const optionId = useId();
  const single = group.max_select === 1;
  const required = group.min_select >= 1;
  const full = value.length >= group.max_select;
  const describedBy =
    [required ? badgeId : null, group.max_select > 1 ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  // The group's order, whatever order the options were chosen in.
  const inOrder = (ids: readonly number[]) =>
    group.options.filter((option) => ids.includes(option.id)).map((option) => option.id);

  return (
    <div
      role={single ? 'radiogroup' : 'group'}
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      className={classes.optionGroup}
    >
      <div className={classes.groupHead}>
        <h3 id={headingId} className={classes.groupName}>
          {group.name}
        </h3>
        {required ? (
          <Badge id={badgeId} size="sm" radius="sm" color="red" variant="light" tt="none">
            {text.required}
          </Badge>
        ) : null}
      </div>
      {group.max_select > 1 ? (
        <Text id={hintId} size="xs" c="dimmed">
          {text.maxHint(group.max_select)}
        </Text>
      ) : null}
      <Stack gap="xs" mt="xs">
        {group.options.map((option) => {
          const checked = value.includes(option.id);
          const asideId = `${optionId}-${option.id}`;
          const hasAside = !option.available || option.price > 0;
          const common = {
            label: option.name,
            checked,
            disabled: !option.available || (!single && !checked && full),
            'aria-describedby': hasAside ? asideId : undefined,
            classNames: { body: classes.toppingBody, labelWrapper: classes.toppingLabel },
          };
          return (
            <div key={option.id} className={classes.optionRow}>
              {single ? (
                <Radio
                  {...common}
                  name={`option-group-${group.id}`}
                  value={String(option.id)}
                  onChange={() => onChange([option.id])}
                  onClick={() => {
                    // A radio never unchecks itself; an optional group lets the chosen one go.
                    if (checked && !required) onChange([]);
                  }}
                />
              ) : (
                <Checkbox
                  {...common}
                  value={String(option.id)}
                  onChange={(event) =>
                    onChange(
                      event.currentTarget.checked
                        ? inOrder([...value, option.id])
                        : value.filter((id) => id !== option.id),
                    )
                  }
                />
              )}
              <OptionAside option={option} id={asideId} />
            </div>
          );
        })}
      </Stack>
    </div>
  );
}

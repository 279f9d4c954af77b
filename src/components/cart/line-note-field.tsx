import { Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { LINE_NOTE_MAX } from '#contract/option-words';
import { vi } from '#src/i18n/vi';
import classes from './ordering.module.css';

const text = vi.food;

/** 'Ghi chú cho quán', at most 200 characters with a counter: the dialog's and the order box's. */
export function LineNoteField({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const countId = useId();
  return (
    <div>
      <Textarea
        label={text.note}
        placeholder={text.notePlaceholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, LINE_NOTE_MAX))}
        maxLength={LINE_NOTE_MAX}
        disabled={disabled}
        rows={2}
        aria-describedby={countId}
      />
      <Text id={countId} size="xs" c="dimmed" ta="end" className={classes.noteCount}>
        {text.noteCount(value.length, LINE_NOTE_MAX)}
      </Text>
    </div>
  );
}

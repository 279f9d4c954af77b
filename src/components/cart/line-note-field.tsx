import { Textarea } from '@mantine/core';
import { LINE_NOTE_MAX } from '#contract/option-words';
import { vi } from '#src/i18n/vi';
import classes from './ordering.module.css';

const text = vi.food;

/**
 * 'Ghi chú cho quán' for one dish ('không hành'), at most 200 characters, with a counter under
 * it that is also its description: the dialog's and the order box's.
 */
export function LineNoteField({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Textarea
      label={text.note}
      placeholder={text.notePlaceholder}
      description={text.noteCount(value.length, LINE_NOTE_MAX)}
      inputWrapperOrder={['label', 'input', 'description']}
      classNames={{ description: classes.noteCount }}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, LINE_NOTE_MAX))}
      maxLength={LINE_NOTE_MAX}
      disabled={disabled}
      rows={2}
    />
  );
}

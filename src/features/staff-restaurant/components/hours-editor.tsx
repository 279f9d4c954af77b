import '@mantine/core/styles/Alert.layer.css';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { OpeningHours, Weekday } from '#contract/catalogue';
import { INTERVALS_PER_DAY_MAX } from '#contract/staff-restaurant';
import { IconTrash } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useUpdateHours } from '../api/update-hours';
import {
  addInterval,
  EDITOR_WEEKDAYS,
  hoursProblem,
  isWholeDay,
  nextWeekday,
  removeInterval,
  runsPastMidnight,
  setIntervalTime,
  toEditorWeek,
  toOpeningHours,
  type EditorInterval,
  type EditorWeek,
} from '../hours-editor-state';
import classes from './staff-restaurant.module.css';

const text = vi.hoursEditor;
const dayName = (day: Weekday) => vi.openingHours.weekdays[day];

/** Under an interval: that it runs into the next day, or that it is the whole day. */
function IntervalNote({ day, interval }: { day: Weekday; interval: EditorInterval }) {
  if (isWholeDay(interval)) {
    return (
      <Text size="sm" c="dimmed">
        {text.allDay}
      </Text>
    );
  }
  if (!runsPastMidnight(interval)) return null;
  return (
    <Text size="sm" c="orange.8">
      {text.pastMidnight(interval.close, dayName(nextWeekday(day)))}
    </Text>
  );
}

interface DayProps {
  day: Weekday;
  intervals: EditorInterval[];
  onChange: (update: (week: EditorWeek) => EditorWeek) => void;
}

function Day({ day, intervals, onChange }: DayProps) {
  const name = dayName(day);
  return (
    <fieldset className={classes.day}>
      <legend className={classes.dayName}>{name}</legend>
      <Stack gap="sm">
        {intervals.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.closed}
          </Text>
        ) : null}
        {intervals.map((interval, index) => {
          const number = index + 1;
          const time = (field: 'open' | 'close') => ({
            type: 'time',
            size: 'md' as const,
            className: classes.time,
            value: interval[field],
            onChange: (event: { currentTarget: { value: string } }) => {
              const value = event.currentTarget.value;
              onChange((week) => setIntervalTime(week, day, interval.key, field, value));
            },
          });
          return (
            <Stack key={interval.key} gap={4}>
              <div className={classes.interval}>
                <TextInput aria-label={text.openLabel(name, number)} {...time('open')} />
                <Text aria-hidden="true">–</Text>
                <TextInput aria-label={text.closeLabel(name, number)} {...time('close')} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={42}
                  aria-label={text.remove(name, number)}
                  onClick={() => onChange((week) => removeInterval(week, day, interval.key))}
                >
                  <IconTrash />
                </ActionIcon>
              </div>
              <IntervalNote day={day} interval={interval} />
            </Stack>
          );
        })}
        <Button
          variant="light"
          size="sm"
          w="fit-content"
          aria-label={text.addFor(name)}
          disabled={intervals.length >= INTERVALS_PER_DAY_MAX}
          onClick={() => onChange((week) => addInterval(week, day))}
        >
          {text.add}
        </Button>
      </Stack>
    </fieldset>
  );
}

/**
 * The opening-hours editor (spec 2.18; design.md section 5): the seven days, several intervals
 * each, a close before the open running into the next day. Overlaps are refused here with the
 * server's own rule; anything else the server refuses is shown in its words.
 */
export function HoursEditor({ hours }: { hours: OpeningHours }) {
  const [week, setWeek] = useState<EditorWeek>(() => toEditorWeek(hours));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateHours();

  const change = (next: (current: EditorWeek) => EditorWeek) => {
    setWeek(next);
    setProblem(null);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = hoursProblem(week);
    if (found) {
      setProblem(text.problems[found]);
      return;
    }
    update.mutate(toOpeningHours(week), {
      onSuccess: () => toast.success(text.saved),
      onError: (error) => {
        setProblem(getErrorMessage(error));
        toast.error(getErrorMessage(error));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.hint}
        </Text>
        {EDITOR_WEEKDAYS.map((day) => (
          <Day key={day} day={day} intervals={week[day]} onChange={change} />
        ))}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={update.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

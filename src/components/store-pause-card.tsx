import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import type { PauseBody } from '#contract/store';
import { PAUSE_MINUTES } from '#contract/store-limits';
import { reopenTime } from '#contract/store-words';
import { STAFF_RESTAURANT_QUERY_KEY } from '../api/staff-restaurant';
import { useStorePause } from '../api/store-pause';
import { vi } from '../i18n/staff-home';
import { getErrorMessage } from '../lib/http';
import { toast } from '../lib/toast';
import { formatCountdown, useCountdown } from '../lib/use-countdown';

const text = vi.staffRestaurant.pause;

const PAUSES: readonly { body: PauseBody; label: string }[] = [
  ...PAUSE_MINUTES.map((minutes) => ({ body: { minutes }, label: text.minutes(minutes) })),
  { body: { until_next_opening: true }, label: text.untilNextOpening },
];

/**
 * 'Tạm ngưng nhận đơn' on the dashboard and /staff/restaurant: a kitchen swamped at noon stops
 * new orders for 15, 30 or 60 minutes or until its next opening, and the pause ends by itself.
 * While it lasts, the time left counts down each second and the restaurant is read again when
 * it reaches 0; 'Mở lại ngay' ends it early.
 */
export function StorePauseCard({ restaurant }: { restaurant: StaffRestaurant }) {
  const queryClient = useQueryClient();
  const pause = useStorePause();
  const until = restaurant.paused_until;
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY }),
    [queryClient],
  );
  // A pause whose end has come (or had already come in a kept copy) is over here at once, and
  // the restaurant is read again for what the server says now.
  const left = useCountdown(until, refresh);
  const paused = until !== null && left !== null && left > 0;
  const running = pause.isPending ? pause.variables : undefined;

  const run = (body: PauseBody | null) =>
    pause.mutate(body, {
      onSuccess: () => toast.success(body ? text.pausedToast : text.reopenedToast),
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={text.title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {text.title}
        </Title>
        {paused ? (
          <>
            <Text fw={700} c="orange.8">
              {text.paused}
            </Text>
            <Text>
              {text.remaining}:{' '}
              <Text span fw={700} ff="monospace" fz="xl" role="timer">
                {formatCountdown(left)}
              </Text>
            </Text>
            <Text>{text.reopensAt(reopenTime(until))}</Text>
            <Button size="lg" w="fit-content" loading={running === null} onClick={() => run(null)}>
              {text.reopenNow}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {text.hint}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {PAUSES.map(({ body, label }) => (
                <Button
                  key={label}
                  size="lg"
                  variant="light"
                  color="orange"
                  loading={running === body}
                  disabled={pause.isPending && running !== body}
                  onClick={() => run(body)}
                >
                  {label}
                </Button>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

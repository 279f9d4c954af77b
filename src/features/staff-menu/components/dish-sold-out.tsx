import { Button, Group, Text } from '@mantine/core';
import { reopenTime } from '#contract/store-words';
import type { StaffFood } from '#contract/staff-menu';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { soldOutUntil, useSoldOut } from '../api/sold-out';

const text = vi.staffMenu;

/**
 * 'Hết món hôm nay' for one dish, or, while it is sold out, until when and 'Bán lại'. The
 * button names carry the dish's name, so a list of them reads apart.
 */
export function DishSoldOut({ food, size = 'md' }: { food: StaffFood; size?: 'sm' | 'md' }) {
  const mutation = useSoldOut();
  const until = soldOutUntil(food.available_again_at);

  const run = (soldOut: boolean) =>
    mutation.mutate(
      { foodId: food.id, soldOut },
      {
        onSuccess: () => toast.success(soldOut ? text.markedSoldOut : text.resold),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );

  if (until === null) {
    return (
      <Button
        size={size}
        variant="light"
        color="orange"
        w="fit-content"
        aria-label={text.soldOutFor(food.name)}
        loading={mutation.isPending}
        onClick={() => run(true)}
      >
        {text.soldOut}
      </Button>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      <Text fw={600} c="orange.8" size={size}>
        {text.soldOutUntil(reopenTime(until))}
      </Text>
      <Button
        size={size}
        variant="light"
        aria-label={text.resellFor(food.name)}
        loading={mutation.isPending}
        onClick={() => run(false)}
      >
        {text.resell}
      </Button>
    </Group>
  );
}

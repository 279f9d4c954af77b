import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconBowl } from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/staff-home';

const text = vi.dashboard;

/**
 * A staff-level account with no restaurant yet has nothing to count: the dashboard says how to
 * get one (an owner creates it; a staff member is linked by the owner) instead of empty cards.
 */
export function NoRestaurant() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Text c="dimmed" aria-hidden="true">
          <IconBowl size={48} />
        </Text>
        <Title order={2} size="h4">
          {text.noRestaurant}
        </Title>
        <Text c="dimmed" size="sm" maw={460}>
          {text.noRestaurantHint}
        </Text>
        <Button component={Link} to={paths.staffRestaurant} size="md">
          {text.linkRestaurant}
        </Button>
      </Stack>
    </Paper>
  );
}

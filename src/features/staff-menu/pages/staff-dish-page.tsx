import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import { Link, useParams } from 'react-router-dom';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { parseRouteId } from '#src/lib/route-id';
import { staffFoodQueries } from '../api/get-staff-foods';
import { DishForm } from '../components/dish-form';

const text = vi.dishForm;

/** Spec 2.1: the id may be the word new, to create a dish. */
const NEW_DISH = 'new';

function BackToMenu() {
  return (
    <Button
      component={Link}
      to={paths.staffMenu}
      variant="subtle"
      color="gray"
      px="xs"
      w="fit-content"
    >
      {text.back}
    </Button>
  );
}

function NotFound() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={2} size="h3">
        {text.notFound}
      </Title>
      <Text c="dimmed" size="sm" maw={420}>
        {text.notFoundHint}
      </Text>
      <Button component={Link} to={paths.staffMenu} size="md">
        {text.back}
      </Button>
    </Stack>
  );
}

function EditDish({ id }: { id: number }) {
  const { data, error, refetch } = useQuery(staffFoodQueries.detail(id));
  if (data) {
    // Keyed by dish: the form starts from the dish it was opened with and keeps what is typed
    // through background refreshes.
    return <DishForm key={data.id} food={data} />;
  }
  if (error == null) return <ScreenLoading label={text.loading} />;
  if (isHTTPError(error) && error.response.status === 404) return <NotFound />;
  return (
    <ScreenError
      title={text.loadFailed}
      error={error}
      retryLabel={text.retry}
      onRetry={() => void refetch()}
    />
  );
}

/** /staff/menu/{id} and /staff/menu/new (spec 2.18): the dish form. */
export function StaffDishPage() {
  const { id: raw } = useParams();
  const isNew = raw === NEW_DISH;
  const id = isNew ? null : parseRouteId(raw);
  return (
    <Stack gap="md" maw={720} mx="auto">
      <BackToMenu />
      <Title order={1} size="h2">
        {isNew ? text.newTitle : text.editTitle}
      </Title>
      {isNew ? <DishForm food={null} /> : id === null ? <NotFound /> : <EditDish id={id} />}
    </Stack>
  );
}

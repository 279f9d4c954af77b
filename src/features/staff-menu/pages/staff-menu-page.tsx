import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import type { StaffFood } from '#contract/staff-menu';
import { isNoRestaurantError } from '#src/api/staff-restaurant';
import { ConfirmDialog } from '#src/components/cart/confirm-dialog';
import { IconBowl } from '#src/components/icons';
import { IconPlus } from '#src/components/action-icons';
import { ListSearch } from '#src/components/list-search';
import { NotLinkedNotice } from '#src/components/not-linked-notice';
import { PageLinks } from '#src/components/page-links';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { listParams, pageOf } from '#src/lib/list-address';
import { toast } from '#src/lib/toast';
import { useDeleteFood } from '../api/delete-food';
import { staffFoodQueries } from '../api/get-staff-foods';
import { useToggleFood } from '../api/toggle-food';
import { StaffFoodRow } from '../components/staff-food-row';
import classes from '../components/staff-menu.module.css';

const text = vi.staffMenu;

const NEW_DISH_PATH = generatePath(paths.staffDish, { id: 'new' });

function Empty({ q }: { q: string }) {
  if (q !== '') {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {text.noMatch(q)}
      </Text>
    );
  }
  return <ScreenEmpty icon={<IconBowl size={48} />} title={text.empty} hint={text.emptyHint} />;
}

/**
 * /staff/menu (spec 2.18): the restaurant's dishes, 10 a page, searchable by name, each with
 * edit, on-sale toggle and delete. Search text and page live in the address, so coming back
 * from a dish returns to the same page.
 */
export function StaffMenuPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const { data, error, isPending, refetch } = useQuery(staffFoodQueries.list({ page, q }));
  const toggle = useToggleFood();
  const remove = useDeleteFood();
  const [deleting, setDeleting] = useState<StaffFood | null>(null);

  const search = (next: string) => setParams(next ? { q: next } : {}, { replace: true });
  const goToPage = (next: number) => {
    setParams(listParams(q, next));
    window.scrollTo({ top: 0 });
  };

  // A page emptied by deletes (or an old link past the end) falls back to the last page.
  const lastPage = data ? Math.max(data.pagination.total_pages, 1) : null;
  const pastEnd = data?.items.length === 0 && page > 1;
  useEffect(() => {
    if (!pastEnd || lastPage === null) return;
    setParams(listParams(q, Math.min(lastPage, page - 1)), { replace: true });
  }, [pastEnd, lastPage, page, q, setParams]);

  const onToggle = (food: StaffFood) =>
    toggle.mutate(food.id, {
      onSuccess: () => toast.success(text.toggled),
      onError: (failure) => toast.error(getErrorMessage(failure)),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(text.deleted),
      onError: (failure) => toast.error(getErrorMessage(failure)),
    });
  };

  const busyId = toggle.isPending
    ? toggle.variables
    : remove.isPending
      ? remove.variables
      : undefined;

  let content;
  if (error && isNoRestaurantError(error)) {
    content = <NotLinkedNotice error={error} linkLabel={text.linkRestaurant} />;
  } else if (isPending) {
    content = <ScreenLoading label={text.loading} />;
  } else if (!data) {
    content = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.items.length === 0) {
    content = pastEnd ? <ScreenLoading label={text.loading} /> : <Empty q={q} />;
  } else {
    content = (
      <>
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.count(data.pagination.total)}
        </Text>
        <ul className={classes.rows} aria-label={text.list}>
          {data.items.map((food) => (
            <li key={food.id}>
              <StaffFoodRow
                food={food}
                busy={busyId === food.id}
                onToggle={onToggle}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
        <PageLinks
          pagination={data.pagination}
          page={page}
          onPage={goToPage}
          labels={text}
          size="lg"
        />
      </>
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Button component={Link} to={NEW_DISH_PATH} size="md" leftSection={<IconPlus />}>
          {text.addDish}
        </Button>
      </Group>
      <ListSearch
        label={text.search}
        placeholder={text.searchPlaceholder}
        value={q}
        onSearch={search}
        size="md"
        withIcon
      />
      {content}
      <ConfirmDialog
        opened={deleting !== null}
        question={text.deleteQuestion}
        confirmLabel={text.deleteConfirm}
        cancelLabel={text.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

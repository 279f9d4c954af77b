import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import type { Page } from '../api/admin-api';
import { ListPagination } from './list-pagination';
import classes from './admin.module.css';

const text = vi.adminConsole;

interface AdminListProps<T extends { id: number }> {
  /** The page's query, kept on the previous page while the next one loads. */
  list: UseQueryResult<Page<T>>;
  /** The page asked for (from the address). */
  page: number;
  onPage: (page: number) => void;
  /** What an empty page says. */
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}

/** A console list in its four states: loading, failed (with a retry), empty, or a page of items. */
export function AdminList<T extends { id: number }>({
  list,
  page,
  onPage,
  empty,
  renderItem,
}: AdminListProps<T>) {
  if (list.isPending) return <ScreenLoading label={text.loading} />;
  if (!list.data) {
    return (
      <ScreenError
        title={text.loadFailed}
        error={list.error}
        retryLabel={text.retry}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {/* The previous page stays on screen, dimmed and marked busy, while the next one loads. */}
      <ul
        className={list.isPlaceholderData ? `${classes.list} ${classes.stale}` : classes.list}
        aria-busy={list.isPlaceholderData}
      >
        {list.data.items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <ListPagination pagination={list.data.pagination} page={page} onPage={onPage} />
    </Stack>
  );
}

import { Loader, Text, VisuallyHidden } from '@mantine/core';
import { useLoadMore } from '../lib/use-load-more';
import classes from './infinite-list-footer.module.css';

/** The parts of a TanStack infinite query the footer reads. */
export interface PagedQuery {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export interface InfiniteListFooterProps {
  query: PagedQuery;
  /** How many items the list shows, to tell its end from an empty list. */
  itemCount: number;
  loadingLabel: string;
  /** Under the last page of a list with items. */
  endText: string;
  /** In place of endText when the whole list is empty; without it the footer says nothing. */
  emptyText?: string;
}

/**
 * Goes under an infinite list (the home grid, the orders): fetches the next page when the
 * bottom comes near, shows it loading and says when the last page is in, in a live region.
 */
export function InfiniteListFooter({
  query,
  itemCount,
  loadingLabel,
  endText,
  emptyText,
}: InfiniteListFooterProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useLoadMore(
    () => {
      // fetchNextPage during a fetch would cancel and restart it.
      if (!isFetchingNextPage) void fetchNextPage();
    },
    { enabled: hasNextPage, resetKey: query.data?.pages.length },
  );

  let end = null;
  if (!hasNextPage && itemCount > 0) {
    end = (
      <Text c="dimmed" size="sm">
        {endText}
      </Text>
    );
  } else if (!hasNextPage && emptyText) {
    end = <Text c="dimmed">{emptyText}</Text>;
  }

  return (
    <div className={classes.footer} role="status">
      {isFetchingNextPage ? (
        <>
          <Loader size="sm" />
          <VisuallyHidden>{loadingLabel}</VisuallyHidden>
        </>
      ) : null}
      {end}
    </div>
  );
}

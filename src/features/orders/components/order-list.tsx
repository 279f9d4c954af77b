import { Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { orderQueries, type OrderKind, type StatusFilter } from '#src/api/orders';
import { IconReceipt } from '#src/components/icons';
import { InfiniteListFooter } from '#src/components/infinite-list-footer';
import {
  ScreenEmpty,
  ScreenError,
  ScreenLoading,
  ScreenStale,
} from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { getErrorReply } from '#src/lib/http';
import { useLiveStatus } from '#src/lib/live/live';
import { useOnline } from '#src/lib/use-online';
import { uniqueById } from '#src/lib/unique-by-id';
import { staffListRefresh } from '../api/staff-list-refresh';
import { OrderCard } from './order-card';
import classes from './orders.module.css';

const text = vi.orders;

/**
 * Spec 2.13 and section 8: a staff account without a restaurant is refused with
 * RESTAURANT_NOT_LINKED; an older server only says so in words ('liên kết').
 */
function isRestaurantNotLinked(error: unknown): boolean {
  const reply = getErrorReply(error);
  if (reply?.code === 'RESTAURANT_NOT_LINKED') return true;
  const message = typeof reply?.message === 'string' ? reply.message.toLowerCase() : '';
  return message.includes(text.linkingWord) || /\blink/.test(message);
}

/** Spec 2.13: a staff account not linked to a restaurant is told how to get one. */
function NotLinked() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fw={600} maw={420}>
        {text.notLinked}
      </Text>
      <Button component={Link} to={paths.staffRestaurant}>
        {text.linkRestaurant}
      </Button>
    </Stack>
  );
}

/** Spec 2.13: the empty states differ by role; a filtered tab says which status is empty. */
function Empty({ kind, status }: { kind: OrderKind; status: StatusFilter }) {
  if (status !== 'all') {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {text.filteredEmpty(text.status[status])}
      </Text>
    );
  }
  const customer = kind === 'customer';
  return (
    <ScreenEmpty
      icon={<IconReceipt size={48} />}
      title={customer ? text.customerEmpty : text.staffEmpty}
      hint={customer ? text.customerEmptyHint : text.staffEmptyHint}
    >
      {customer ? (
        <Button component={Link} to={paths.home}>
          {text.browse}
        </Button>
      ) : null}
    </ScreenEmpty>
  );
}

/** One tab's orders, newest first, the next page loading near the bottom. */
export function OrderList({ kind, status }: { kind: OrderKind; status: StatusFilter }) {
  const live = useLiveStatus();
  const query = useInfiniteQuery({
    ...orderQueries.list(kind, status),
    ...(kind === 'staff' ? staffListRefresh(live) : {}),
  });
  const { data, error, isPending, refetch } = query;
  const online = useOnline();
  const orders = useMemo(() => uniqueById(data?.pages ?? []), [data]);

  if (kind === 'staff' && error && isRestaurantNotLinked(error)) return <NotLinked />;
  if (isPending) return <ScreenLoading label={text.loading} />;
  // A copy kept from an earlier visit still shows when the refresh fails (offline).
  if (!data) {
    return (
      <ScreenError
        title={text.listFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  // Offline the banner says why the list is not refreshed; online a failure is news.
  const stale =
    query.isRefetchError && online ? (
      <ScreenStale
        message={text.listStale}
        retryLabel={text.retry}
        retrying={query.isFetching}
        onRetry={() => void refetch()}
      />
    ) : null;
  if (orders.length === 0) {
    return (
      <>
        {stale}
        <Empty kind={kind} status={status} />
      </>
    );
  }

  return (
    <>
      {stale}
      <ul className={classes.cards}>
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} large={kind === 'staff'} />
          </li>
        ))}
      </ul>
      <InfiniteListFooter
        query={query}
        itemCount={orders.length}
        loadingLabel={text.loading}
        endText={text.end}
      />
    </>
  );
}

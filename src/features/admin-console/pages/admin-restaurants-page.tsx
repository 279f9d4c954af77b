import { Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminRestaurant, ApprovalStatus } from '#contract/staff-restaurant';
import { ListSearch } from '#src/components/list-search';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import {
  adminQueries,
  runRestaurantAction,
  useAdminAction,
  type RestaurantAction,
} from '../api/admin-api';
import { AdminList } from '../components/admin-list';
import { pageOf, SEARCH_MAX } from '#src/lib/list-address';
import { OfflineNote } from '../components/offline-note';
import { ReasonModal } from '../components/reason-modal';
import { StatusTabs } from '../components/status-tabs';
import { RestaurantCard, type RestaurantCardAction } from '../components/restaurant-card';

const text = vi.adminConsole.restaurants;
const common = vi.adminConsole;

const STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];
const REASON_MAX = 500;

/** The tab, the search and the page live in the address (?status=approved&q=phở&page=2). */
function readView(params: URLSearchParams) {
  const requested = params.get('status');
  return {
    status: STATUSES.find((status) => status === requested) ?? 'pending',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    page: pageOf(params.get('page')),
  };
}

function viewParams({ status, q, page }: ReturnType<typeof readView>): Record<string, string> {
  const params: Record<string, string> = {};
  if (status !== 'pending') params.status = status;
  if (q) params.q = q;
  if (page > 1) params.page = String(page);
  return params;
}

type Asking = { kind: 'reject' | 'hide' | 'pause'; restaurant: AdminRestaurant } | null;

/**
 * /admin/restaurants: the approval queue (oldest first) and the approved and rejected lists,
 * with the actions of each state. Rejecting, hiding and pausing ask for a reason first.
 */
export function AdminRestaurantsPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const online = useOnline();
  const noteId = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const list = useQuery({
    ...adminQueries.restaurants(view),
    placeholderData: keepPreviousData,
  });
  const action = useAdminAction(runRestaurantAction);
  const runningId = action.isPending ? action.variables.id : null;
  const [runningKind, setRunningKind] = useState<RestaurantCardAction | null>(null);

  const run = (restaurantAction: RestaurantAction, shown: RestaurantCardAction) => {
    setRunningKind(shown);
    action.mutate(restaurantAction, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setAsking(null),
    });
  };

  const onAction = (restaurant: AdminRestaurant, kind: RestaurantCardAction) => {
    if (kind === 'approve') run({ kind: 'approve', id: restaurant.id }, kind);
    else if (kind === 'resume') run({ kind: 'resume', id: restaurant.id }, kind);
    else setAsking({ kind, restaurant });
  };

  const select = (value: string | null) => {
    const status = STATUSES.find((candidate) => candidate === value) ?? 'pending';
    setParams(viewParams({ ...view, status, page: 1 }), { replace: true });
  };
  const search = (q: string) => {
    if (q === view.q) return;
    setParams(viewParams({ ...view, q, page: 1 }), { replace: true });
  };
  const goTo = (page: number) => {
    setParams(viewParams({ ...view, page }));
    window.scrollTo({ top: 0 });
  };

  const body = (
    <AdminList
      list={list}
      page={view.page}
      onPage={goTo}
      empty={view.q ? text.noMatch(view.q) : text.empty[view.status]}
      renderItem={(restaurant) => (
        <RestaurantCard
          restaurant={restaurant}
          running={runningId === restaurant.id ? runningKind : null}
          disabled={!online || runningId !== null}
          describedBy={online ? undefined : noteId}
          onAction={(kind) => onAction(restaurant, kind)}
        />
      )}
    />
  );

  const pending = action.isPending;
  const close = () => setAsking(null);
  let modal = null;
  if (asking?.kind === 'pause') {
    const { restaurant } = asking;
    modal = (
      <ReasonModal
        title={text.pauseTitle(restaurant.name)}
        hint={text.pauseHint}
        label={text.pauseReason}
        requiredMessage={text.pauseRequired}
        tooLongMessage={common.reasonTooLong}
        maxLength={REASON_MAX}
        confirmLabel={text.confirmPause}
        color="orange"
        pending={pending}
        onClose={close}
        onConfirm={(reason) => run({ kind: 'pause', id: restaurant.id, reason }, 'pause')}
      />
    );
  } else if (asking) {
    const { restaurant, kind } = asking;
    modal = (
      <ReasonModal
        title={
          kind === 'hide' ? text.hideTitle(restaurant.name) : text.rejectTitle(restaurant.name)
        }
        hint={kind === 'hide' ? text.hideHint : undefined}
        label={text.rejectReason}
        requiredMessage={text.rejectRequired}
        tooLongMessage={common.reasonTooLong}
        maxLength={REASON_MAX}
        confirmLabel={text.confirmReject}
        pending={pending}
        onClose={close}
        onConfirm={(reason) => run({ kind: 'reject', id: restaurant.id, reason }, kind)}
      />
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <ListSearch
        label={text.search}
        placeholder={text.searchPlaceholder}
        maxLength={SEARCH_MAX}
        value={view.q}
        onSearch={search}
      />
      {online ? null : <OfflineNote id={noteId} />}
      <StatusTabs
        statuses={STATUSES}
        value={view.status}
        onChange={select}
        label={text.tabs}
        names={text}
      >
        {body}
      </StatusTabs>
      {modal}
    </Stack>
  );
}

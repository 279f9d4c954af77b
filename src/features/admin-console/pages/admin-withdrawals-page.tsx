import { Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminWithdrawal } from '#contract/wallet';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import {
  adminQueries,
  runWithdrawalAction,
  useAdminAction,
  type WithdrawalAction,
  type WithdrawalStatus,
} from '../api/admin-api';
import { AdminList } from '../components/admin-list';
import { pageOf } from '#src/lib/list-address';
import { OfflineNote } from '../components/offline-note';
import { ReasonModal } from '../components/reason-modal';
import { StatusTabs } from '../components/status-tabs';
import { WithdrawalCard, type WithdrawalCardAction } from '../components/withdrawal-card';
import { WithdrawalExport } from '../components/withdrawal-export';

const text = vi.adminConsole.withdrawals;
const common = vi.adminConsole;

const STATUSES: readonly WithdrawalStatus[] = ['pending', 'paid', 'rejected'];
const REASON_MAX = 500;
const REFERENCE_MAX = 100;

function readView(params: URLSearchParams) {
  const requested = params.get('status');
  return {
    status: STATUSES.find((status) => status === requested) ?? 'pending',
    page: pageOf(params.get('page')),
  };
}

function viewParams({ status, page }: ReturnType<typeof readView>): Record<string, string> {
  const params: Record<string, string> = {};
  if (status !== 'pending') params.status = status;
  if (page > 1) params.page = String(page);
  return params;
}

type Asking = { kind: WithdrawalCardAction; withdrawal: AdminWithdrawal } | null;

/**
 * /admin/withdrawals: the owners' requests to pay (oldest first), paid and rejected ones, and
 * the accountant's CSV. Marking paid asks for the bank transfer's reference, rejecting for a
 * reason (the server returns the money to the wallet).
 */
export function AdminWithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const online = useOnline();
  const noteId = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const list = useQuery({ ...adminQueries.withdrawals(view), placeholderData: keepPreviousData });
  const action = useAdminAction(runWithdrawalAction);
  const runningId = action.isPending ? action.variables.id : null;
  const runningKind = action.isPending ? action.variables.kind : null;

  const run = (withdrawalAction: WithdrawalAction) =>
    action.mutate(withdrawalAction, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setAsking(null),
    });

  const select = (value: string | null) => {
    const status = STATUSES.find((candidate) => candidate === value) ?? 'pending';
    setParams(viewParams({ status, page: 1 }), { replace: true });
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
      empty={text.empty[view.status]}
      renderItem={(withdrawal) => (
        <WithdrawalCard
          withdrawal={withdrawal}
          running={runningId === withdrawal.id ? runningKind : null}
          disabled={!online || runningId !== null}
          describedBy={online ? undefined : noteId}
          onAction={(kind) => setAsking({ kind, withdrawal })}
        />
      )}
    />
  );

  let modal = null;
  if (asking) {
    const { withdrawal } = asking;
    const amount = formatVnd(withdrawal.amount);
    modal =
      asking.kind === 'paid' ? (
        <ReasonModal
          title={text.paidTitle(amount, withdrawal.user_name)}
          hint={text.paidHint}
          label={text.referenceLabel}
          requiredMessage={text.referenceRequired}
          tooLongMessage={text.referenceTooLong}
          maxLength={REFERENCE_MAX}
          confirmLabel={text.confirmPaid}
          singleLine
          color="green"
          pending={action.isPending}
          onClose={() => setAsking(null)}
          onConfirm={(reference) => run({ kind: 'paid', id: withdrawal.id, reference })}
        />
      ) : (
        <ReasonModal
          title={text.rejectTitle(amount, withdrawal.user_name)}
          hint={text.rejectHint}
          label={text.rejectReason}
          requiredMessage={text.rejectRequired}
          tooLongMessage={common.reasonTooLong}
          maxLength={REASON_MAX}
          confirmLabel={text.confirmReject}
          pending={action.isPending}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => run({ kind: 'reject', id: withdrawal.id, reason })}
        />
      );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
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
      {/* Below the queue: paying owners is the daily task, the accountant's file a monthly one. */}
      <WithdrawalExport />
      {modal}
    </Stack>
  );
}

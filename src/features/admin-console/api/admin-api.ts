import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoneyOverview, LedgerCheck } from '#contract/admin-money';
import type { AuditAction, AuditEntry } from '#contract/admin-users';
import type { Pagination } from '#contract/envelope';
import type { AdminRestaurant, ApprovalStatus } from '#contract/staff-restaurant';
import type { AdminWithdrawal, WITHDRAWAL_STATUSES } from '#contract/wallet';
import { http, type ApiReply } from '#src/lib/http';

// The console's calls (/api/admin/...). Every key starts with 'admin', so an action refreshes
// every list and count of the console at once: an approval changes the home's queue count too.

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  start_date: string;
  /** 'YYYY-MM-DD', inclusive. */
  end_date: string;
}

/** Cards of the console's lists: ten a page keeps a phone's scroll short. */
export const ADMIN_PAGE_SIZE = 10;

async function data<T>(reply: Promise<ApiReply<T>>): Promise<T> {
  const { data: found } = await reply;
  if (found === undefined || found === null) throw new Error('Admin reply without data');
  return found;
}

export interface RestaurantListQuery {
  status: ApprovalStatus;
  q: string;
  page: number;
  perPage?: number;
}

export interface WithdrawalListQuery {
  status: WithdrawalStatus;
  page: number;
  perPage?: number;
}

export interface AuditQuery {
  action: AuditAction | null;
  page: number;
}

export const adminQueries = {
  all: () => ['admin'] as const,
  restaurants: ({ status, q, page, perPage = ADMIN_PAGE_SIZE }: RestaurantListQuery) =>
    queryOptions({
      queryKey: ['admin', 'restaurants', { status, q, page, perPage }] as const,
      queryFn: ({ signal }) => {
        const searchParams: Record<string, string | number> = {
          status,
          page,
          per_page: perPage,
        };
        if (q) searchParams.q = q;
        return data(
          http
            .get('admin/restaurants/', { searchParams, signal })
            .json<ApiReply<Page<AdminRestaurant>>>(),
        );
      },
    }),
  withdrawals: ({ status, page, perPage = ADMIN_PAGE_SIZE }: WithdrawalListQuery) =>
    queryOptions({
      queryKey: ['admin', 'withdrawals', { status, page, perPage }] as const,
      queryFn: ({ signal }) =>
        data(
          http
            .get('admin/withdrawals/', {
              searchParams: { status, page, per_page: perPage },
              signal,
            })
            .json<ApiReply<Page<AdminWithdrawal>>>(),
        ),
    }),
  money: (range: DateRange) =>
    queryOptions({
      queryKey: ['admin', 'money', range] as const,
      queryFn: ({ signal }) =>
        data(
          http
            .get('admin/money/', { searchParams: { ...range }, signal })
            .json<ApiReply<MoneyOverview>>(),
        ),
    }),
  audit: ({ action, page }: AuditQuery) =>
    queryOptions({
      queryKey: ['admin', 'audit', { action, page }] as const,
      queryFn: ({ signal }) => {
        const searchParams: Record<string, string | number> = {
          page,
          per_page: ADMIN_PAGE_SIZE,
        };
        if (action) searchParams.action = action;
        return data(
          http.get('admin/audit/', { searchParams, signal }).json<ApiReply<Page<AuditEntry>>>(),
        );
      },
    }),
};

/** The server's reply message (the toast) and the changed row. */
export interface ActionResult {
  message: string | undefined;
}

async function put(path: string, json?: object): Promise<ActionResult> {
  const reply = await http.put(path, json ? { json } : {}).json<ApiReply<unknown>>();
  return { message: reply.message };
}

export type RestaurantAction =
  | { kind: 'approve'; id: number }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'pause'; id: number; reason: string }
  | { kind: 'resume'; id: number };

/** PUT /api/admin/restaurants/{id}/approve|reject|pause|resume/. */
export function runRestaurantAction(action: RestaurantAction): Promise<ActionResult> {
  const path = `admin/restaurants/${action.id}/${action.kind}/`;
  return 'reason' in action ? put(path, { reason: action.reason }) : put(path);
}

export type WithdrawalAction =
  { kind: 'paid'; id: number; reference: string } | { kind: 'reject'; id: number; reason: string };

/** PUT /api/admin/withdrawals/{id}/paid/ with the bank reference, or /reject/ with a reason. */
export function runWithdrawalAction(action: WithdrawalAction): Promise<ActionResult> {
  const path = `admin/withdrawals/${action.id}/${action.kind}/`;
  return action.kind === 'paid'
    ? put(path, { reference: action.reference })
    : put(path, { reason: action.reason });
}

/**
 * Each of the console's actions: settled either way, every console list and count reads again,
 * so a refused action (another admin was first) shows the state the server really has.
 */
export function useAdminAction<A>(run: (action: A) => Promise<ActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

/** POST /api/admin/money/check/: the ledger's invariants, run now. */
export function checkLedger(): Promise<LedgerCheck> {
  return data(http.post('admin/money/check/').json<ApiReply<LedgerCheck>>());
}

/**
 * GET /api/admin/withdrawals/export.csv: the session's token goes with it like any call, so the
 * file is fetched here and handed to the browser as a blob, not opened as a plain link.
 */
export function exportWithdrawals(range: DateRange): Promise<Blob> {
  return http.get('admin/withdrawals/export.csv', { searchParams: { ...range } }).blob();
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserDetail } from '#contract/admin-users';
import type { Pagination } from '#contract/envelope';
import { http, type ApiReply } from '#src/lib/http';

/** The contract's default page of the users list. */
export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUserPage {
  items: AdminUser[];
  pagination: Pagination;
}

export interface AdminUserListParams {
  page: number;
  /** The search box's text, trimmed; '' lists everyone. */
  q: string;
}

/** GET /api/admin/users/?q&page&per_page: phone, username, email or name. */
export async function getAdminUsers(
  { page, q }: AdminUserListParams,
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  const searchParams: Record<string, string | number> = { page, per_page: ADMIN_USERS_PAGE_SIZE };
  if (q !== '') searchParams.q = q;
  const reply = await http
    .get('admin/users/', { searchParams, signal })
    .json<ApiReply<AdminUserPage>>();
  if (!reply.data) throw new Error('User list reply without data');
  return reply.data;
}

/** GET /api/admin/users/{id}/: role, lock, restaurant, wallet and the newest orders. */
export async function getAdminUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  const reply = await http.get(`admin/users/${id}/`, { signal }).json<ApiReply<AdminUserDetail>>();
  if (!reply.data) throw new Error('User reply without data');
  return reply.data;
}

// Not persisted: other people's accounts have no business in this device's storage.
export const adminUserQueries = {
  all: () => ['admin', 'users'] as const,
  list: (params: AdminUserListParams) =>
    queryOptions({
      queryKey: [...adminUserQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => getAdminUsers(params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...adminUserQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getAdminUser(id, signal),
    }),
};

/** PUT /api/admin/users/{id}/lock/ with the optional reason, or .../unlock/. */
export function useSetUserLock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { lock: true; reason: string } | { lock: false }) => {
      const reply = change.lock
        ? await http
            .put(`admin/users/${id}/lock/`, {
              json: change.reason.trim() === '' ? {} : { reason: change.reason.trim() },
            })
            .json<ApiReply>()
        : await http.put(`admin/users/${id}/unlock/`).json<ApiReply>();
      return reply.message;
    },
    // Refused too: the lock may have been set by another admin meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserQueries.all() }),
  });
}

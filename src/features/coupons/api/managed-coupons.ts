import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { http, type ApiReply } from '#src/lib/http';
import type { CouponBody, CouponScope } from '../coupon-form-values';

/** `type` is all an edit's body needs to say; pause and expire are edits too (decision 044). */
export type CouponEdit = Partial<CouponBody> & { paused?: boolean; expire?: true };

/** GET /api/admin/coupons/ (every coupon) or /api/staff/coupons/ (the restaurant's own). */
export async function getManagedCoupons(
  scope: CouponScope,
  signal?: AbortSignal,
): Promise<ManagedCoupon[]> {
  const reply = await http
    .get(`${scope}/coupons/`, { signal })
    .json<ApiReply<{ items: ManagedCoupon[] }>>();
  if (!reply.data) throw new Error('Coupon list reply without data');
  return reply.data.items;
}

export const managedCouponQueries = {
  all: () => ['coupons', 'managed'] as const,
  // Not persisted: a manager's figures (uses, discount given) are only worth reading fresh.
  list: (scope: CouponScope) =>
    queryOptions({
      queryKey: [...managedCouponQueries.all(), scope] as const,
      queryFn: ({ signal }) => getManagedCoupons(scope, signal),
    }),
};

async function createCoupon(scope: CouponScope, body: CouponBody): Promise<ManagedCoupon> {
  const reply = await http
    .post(`${scope}/coupons/`, { json: body })
    .json<ApiReply<ManagedCoupon>>();
  if (!reply.data) throw new Error('Coupon reply without data');
  return reply.data;
}

async function editCoupon(scope: CouponScope, id: number, body: CouponEdit) {
  const reply = await http
    .put(`${scope}/coupons/${id}/`, { json: body })
    .json<ApiReply<ManagedCoupon>>();
  if (!reply.data) throw new Error('Coupon reply without data');
  return reply.data;
}

/** POST a new coupon; the list is read again with it (and its usage, nought so far). */
export function useCreateCoupon(scope: CouponScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBody) => createCoupon(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedCouponQueries.all() }),
  });
}

/** PUT an edit, a pause or resume, or an expiry. */
export function useEditCoupon(scope: CouponScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponEdit }) => editCoupon(scope, id, body),
    onSuccess: (coupon) =>
      queryClient.setQueryData(managedCouponQueries.list(scope).queryKey, (items) =>
        items?.map((item) => (item.id === coupon.id ? coupon : item)),
      ),
    // Refused too: a coupon another manager changed meanwhile shows as it now stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedCouponQueries.all() }),
  });
}

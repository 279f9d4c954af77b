import { useMutation } from '@tanstack/react-query';
import type { CouponApplyBody, CouponApplyResult } from '#contract/orders';
import { http, type ApiReply } from '#src/lib/http';

/**
 * POST /api/coupon/apply (spec 7.4): a preview of the coupon on this cart. A refusal is an
 * error reply whose message is the reason; a success carries discount and payable.
 */
export async function applyCoupon(body: CouponApplyBody): Promise<Partial<CouponApplyResult>> {
  const reply = await http
    .post('coupon/apply', { json: body })
    .json<ApiReply<Partial<CouponApplyResult>>>();
  if (!reply.data) throw new Error('Coupon reply without data');
  return reply.data;
}

export function useApplyCoupon() {
  return useMutation({ mutationFn: applyCoupon });
}

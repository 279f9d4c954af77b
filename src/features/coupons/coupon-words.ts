import type { ManagedCoupon } from '#contract/coupon-admin';
import { vi } from '#src/i18n/vi';
import { formatDateTime } from '#src/lib/format-date';
import { formatVnd } from '#src/lib/format';

const text = vi.coupons;

export type CouponState = keyof typeof text.states;

/**
 * The one state a coupon's badge shows. Expired wins over everything (it is for good); a pause
 * is the manager's own choice and says more than the counts; a used-up coupon may also not have
 * started, but it will never run as it stands.
 */
export function couponState(coupon: ManagedCoupon, now: number = Date.now()): CouponState {
  if (coupon.ends_at !== null && Date.parse(coupon.ends_at) <= now) return 'expired';
  if (coupon.paused) return 'paused';
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return 'usedUp';
  if (Date.parse(coupon.starts_at) > now) return 'notStarted';
  return 'running';
}

/** 'Giảm 20.000 ₫', 'Giảm 10%', 'Giảm 10% tối đa 30.000 ₫'. */
export function couponValueWords(coupon: Pick<ManagedCoupon, 'type' | 'value' | 'max_discount'>) {
  if (coupon.type === 'fixed') return text.fixedValue(formatVnd(coupon.value));
  return coupon.max_discount === null
    ? text.percentValue(coupon.value)
    : text.percentCapped(coupon.value, formatVnd(coupon.max_discount));
}

/** 'Đơn tối thiểu 50.000 ₫', or 'Mọi đơn hàng' without a minimum. */
export function minOrderWords(minOrder: number): string {
  return minOrder > 0 ? text.minOrder(formatVnd(minOrder)) : text.anyOrder;
}

/** The validity window in Vietnam time: '08:00 01/12/2026 – 23:59 31/12/2026'. */
export function windowWords(coupon: Pick<ManagedCoupon, 'starts_at' | 'ends_at'>): string {
  const from = formatDateTime(coupon.starts_at);
  return coupon.ends_at === null
    ? text.openEnded(from)
    : text.window(from, formatDateTime(coupon.ends_at));
}

/** 'Đã dùng 3/100' against a limit, 'Đã dùng 3' without one. */
export function usageWords(coupon: Pick<ManagedCoupon, 'used_count' | 'usage_limit'>): string {
  return coupon.usage_limit === null
    ? text.used(coupon.used_count)
    : text.usedOf(coupon.used_count, coupon.usage_limit);
}

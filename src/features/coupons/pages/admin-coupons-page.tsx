import { vi } from '#src/i18n/vi';
import { CouponManager } from '../components/coupon-manager';

/** /admin/coupons 'Mã giảm giá': every coupon; the platform's of any scope are made here. */
export function AdminCouponsPage() {
  return <CouponManager scope="admin" title={vi.coupons.adminTitle} canManage />;
}

import { useSnapshot } from 'valtio';
import { vi } from '#src/i18n/vi';
import { isOwner, session } from '#src/lib/session';
import { CouponManager } from '../components/coupon-manager';

/**
 * /staff/coupons 'Khuyến mãi': the restaurant's coupons. The owner creates and edits them; the
 * staff read the same list (the server refuses them any change anyway).
 */
export function StaffCouponsPage() {
  const { user } = useSnapshot(session);
  return (
    <CouponManager scope="staff" title={vi.coupons.staffTitle} canManage={isOwner(user?.role)} />
  );
}

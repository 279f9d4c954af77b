import { useSnapshot } from 'valtio';
import type { ProfileKind } from '#src/api/profile';
import { isStaffLevel, session } from '#src/lib/session';

/** Staff, owner and admin use the staff profile endpoints (spec section 6); others the customer's. */
export function useProfileKind(): ProfileKind {
  const { user, userType } = useSnapshot(session);
  return userType === 'staff' || isStaffLevel(user?.role) ? 'staff' : 'customer';
}

import { useSnapshot } from 'valtio';
import type { OrderKind } from '#src/api/orders';
import { isStaffLevel, session } from '#src/lib/session';

/** Staff, owner and admin read their restaurant's orders (spec section 6); others their own. */
export function useOrderKind(): OrderKind {
  const { user, userType } = useSnapshot(session);
  return userType === 'staff' || isStaffLevel(user?.role) ? 'staff' : 'customer';
}

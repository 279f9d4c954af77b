import { useSnapshot } from 'valtio';
import { isStaffLevel, session } from '#src/lib/session';
import type { OrderKind } from './api/get-orders';

/** Staff, owner and admin read their restaurant's orders (spec section 6); others their own. */
export function useOrderKind(): OrderKind {
  const { user, userType } = useSnapshot(session);
  return userType === 'staff' || isStaffLevel(user?.role) ? 'staff' : 'customer';
}

import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../lib/session';
import { StaffHome } from './staff-home';

/**
 * `/` (spec 2.1): customers get their home, staff-level users the staff dashboard. Chosen here,
 * before either screen's chunk is asked for: a staff tablet never downloads the customer home,
 * nor a customer the dashboard and its charts (design.md section 7).
 */
export function HomeForUser({ customerHome }: { customerHome: ReactNode }) {
  const { userType } = useSnapshot(session);
  return userType === 'customer' ? customerHome : <StaffHome />;
}

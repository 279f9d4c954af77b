import type { ComponentType } from 'react';
import {
  IconBowl,
  IconCart,
  IconDashboard,
  IconHeart,
  IconHome,
  IconReceipt,
  IconStar,
  IconStore,
  IconTicket,
  IconUser,
  IconUsers,
  IconWallet,
  type IconProps,
} from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';
import { isStaffLevel } from '#src/lib/session';

export interface NavEntry {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** The raised centre item of the mobile bar (spec 2.2). */
  highlighted?: boolean;
}

export interface Navigation {
  /** Links of the desktop top bar. */
  top: NavEntry[];
  /** Items of the mobile bottom bar: at most five (spec 2.2, section 9). */
  bottom: NavEntry[];
  /** Customers get the cart button with its count badge in the desktop top bar. */
  cartButton: boolean;
}

export const MAX_BOTTOM_ENTRIES = 5;

const home: NavEntry = { to: paths.home, label: vi.layout.home, icon: IconHome };
const orders: NavEntry = { to: paths.orders, label: vi.layout.orders, icon: IconReceipt };
const collections: NavEntry = {
  to: paths.collections,
  label: vi.layout.collections,
  icon: IconHeart,
};
const profile: NavEntry = { to: paths.profile, label: vi.layout.profile, icon: IconUser };
const cart: NavEntry = { to: paths.cart, label: vi.layout.cart, icon: IconCart, highlighted: true };

export const customerNavigation: Navigation = {
  top: [home, orders, collections, profile],
  // The highlighted cart sits in the middle, under the thumb.
  bottom: [home, orders, cart, collections, profile],
  cartButton: true,
};

const dashboard: NavEntry = { to: paths.home, label: vi.layout.dashboard, icon: IconDashboard };
const menu: NavEntry = { to: paths.staffMenu, label: vi.layout.menu, icon: IconBowl };
const reviews: NavEntry = { to: paths.staffReviews, label: vi.layout.reviews, icon: IconStar };
// The desktop bar only: the phone's bar keeps its five, and the dashboard's card leads here.
const coupons: NavEntry = { to: paths.staffCoupons, label: vi.layout.coupons, icon: IconTicket };

export const staffNavigation: Navigation = {
  top: [dashboard, menu, orders, reviews, coupons, profile],
  bottom: [dashboard, menu, { ...orders, highlighted: true }, reviews, profile],
  cartButton: false,
};

// The admin's home is the console (/ leads there); its sections follow, the workload first.
const console_: NavEntry = { to: paths.admin, label: vi.layout.dashboard, icon: IconDashboard };
const adminRestaurants: NavEntry = {
  to: paths.adminRestaurants,
  label: vi.layout.adminRestaurants,
  icon: IconStore,
};
const adminWithdrawals: NavEntry = {
  to: paths.adminWithdrawals,
  label: vi.layout.adminWithdrawals,
  icon: IconWallet,
};
const adminUsers: NavEntry = { to: paths.adminUsers, label: vi.layout.adminUsers, icon: IconUsers };
// Only the desktop bar shows these, and it shows no icons: they borrow existing ones.
const adminCoupons: NavEntry = {
  to: paths.adminCoupons,
  label: vi.layout.adminCoupons,
  icon: IconReceipt,
};
const adminMoney: NavEntry = {
  to: paths.adminMoney,
  label: vi.layout.adminMoney,
  icon: IconWallet,
};
const adminAudit: NavEntry = {
  to: paths.adminAudit,
  label: vi.layout.adminAudit,
  icon: IconReceipt,
};

export const adminNavigation: Navigation = {
  top: [
    console_,
    adminRestaurants,
    adminWithdrawals,
    adminUsers,
    adminCoupons,
    adminMoney,
    adminAudit,
    profile,
  ],
  // Five at most: the money, coupons and audit screens are a phone's rarer visits, reached from
  // the console's links. The payouts waiting on the admin sit in the middle, highlighted.
  bottom: [
    console_,
    adminRestaurants,
    { ...adminWithdrawals, highlighted: true },
    adminUsers,
    profile,
  ],
  cartButton: false,
};

/** The navigation of a signed-in user's role: admins get the console's, staff-level users the workspace's. */
export function navigationFor(role: string | undefined): Navigation {
  if (role === 'admin') return adminNavigation;
  return isStaffLevel(role) ? staffNavigation : customerNavigation;
}

const BADGE_CAP = 99;

/**
 * Spec 2.2 and section 9: '99+' above 99. The spec's default count of 5 was a stand-in until
 * notifications existed; the bell now shows the inbox's unread count (docs/decisions/021).
 */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

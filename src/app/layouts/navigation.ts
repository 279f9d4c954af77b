import type { ComponentType } from 'react';
import {
  IconBowl,
  IconCart,
  IconDashboard,
  IconHeart,
  IconHome,
  IconReceipt,
  IconStar,
  IconUser,
  type IconProps,
} from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';

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

export const staffNavigation: Navigation = {
  top: [dashboard, menu, orders, reviews, profile],
  bottom: [dashboard, menu, { ...orders, highlighted: true }, reviews, profile],
  cartButton: false,
};

const BADGE_CAP = 99;

/**
 * Spec 2.2 and section 9: '99+' above 99. The spec's default count of 5 was a stand-in until
 * notifications existed; the bell now shows the inbox's unread count (docs/decisions/021).
 */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

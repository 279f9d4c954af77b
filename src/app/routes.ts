import { paths, type RoutePath } from '../config/paths';

/**
 * The access of each route of spec section 2.1. The router (router.tsx) and the access decision
 * (guards.ts) both read it, so a path and its guard cannot drift apart.
 *
 * - visitor: only without a session (a signed-in user is sent to /)
 * - user: any signed-in user (visitors are sent to /login)
 * - customer: a signed-in customer (visitors to /login, staff-level users to /)
 * - staff: a signed-in staff-level user (visitors to /login, customers to /)
 * - admin: a signed-in admin (visitors to /login, anyone else to /)
 * - public: everyone
 */
export type Access = 'visitor' | 'user' | 'customer' | 'staff' | 'admin' | 'public';

export const routeAccess: ReadonlyArray<{ path: RoutePath; access: Access }> = [
  { path: paths.login, access: 'visitor' },
  { path: paths.staffLogin, access: 'visitor' },
  { path: paths.register, access: 'visitor' },
  { path: paths.home, access: 'user' },
  { path: paths.search, access: 'user' },
  { path: paths.food, access: 'user' },
  { path: paths.restaurant, access: 'user' },
  { path: paths.cart, access: 'user' },
  { path: paths.checkout, access: 'user' },
  { path: paths.profile, access: 'user' },
  { path: paths.profileEdit, access: 'user' },
  { path: paths.orders, access: 'user' },
  { path: paths.order, access: 'user' },
  { path: paths.collections, access: 'customer' },
  { path: paths.deposit, access: 'user' },
  { path: paths.withdraw, access: 'user' },
  { path: paths.notifications, access: 'user' },
  { path: paths.staffMenu, access: 'staff' },
  { path: paths.staffDish, access: 'staff' },
  { path: paths.staffRestaurant, access: 'staff' },
  { path: paths.staffReviews, access: 'staff' },
  { path: paths.staffOrderTicket, access: 'staff' },
  { path: paths.staffCoupons, access: 'staff' },
  { path: paths.admin, access: 'admin' },
  { path: paths.adminRestaurants, access: 'admin' },
  { path: paths.adminWithdrawals, access: 'admin' },
  { path: paths.adminUsers, access: 'admin' },
  { path: paths.adminUser, access: 'admin' },
  { path: paths.adminCoupons, access: 'admin' },
  { path: paths.adminMoney, access: 'admin' },
  { path: paths.adminAudit, access: 'admin' },
  { path: paths.paymentResult, access: 'public' },
];

import type { paths } from '../config/paths';

/**
 * The screen each lazy route of router.tsx shows, by route key: the module's path under src/,
 * without its extension. Plain data, so that the build reads the very table the router is
 * typed against (build/route-preloads.ts writes each screen's files for the server to preload).
 * The router must have a loader for exactly these keys (a type error otherwise), and keeps its
 * own `import()` of each module, which is what makes every screen a chunk of its own;
 * tests/unit/client/lazy-screens.test.ts checks that each loader imports the module named here.
 */
export const LAZY_SCREENS = {
  home: 'features/home/pages/home-page',
  login: 'features/auth/pages/login-page',
  staffLogin: 'features/auth/pages/staff-login-page',
  register: 'features/auth/pages/register-page',
  search: 'features/search/pages/search-page',
  food: 'features/food/pages/food-page',
  cart: 'features/cart/pages/cart-page',
  checkout: 'features/checkout/pages/checkout-page',
  orders: 'features/orders/pages/orders-page',
  order: 'features/orders/pages/order-page',
  collections: 'features/collections/pages/collections-page',
  restaurant: 'features/restaurant/pages/restaurant-page',
  profile: 'features/profile/pages/profile-page',
  profileEdit: 'features/profile/pages/profile-edit-page',
  deposit: 'features/payment/pages/deposit-page',
  withdraw: 'features/payment/pages/withdraw-page',
  notifications: 'features/notifications/pages/notifications-page',
  paymentResult: 'features/payment/pages/payment-result-page',
  staffMenu: 'features/staff-menu/pages/staff-menu-page',
  staffDish: 'features/staff-menu/pages/staff-dish-page',
  staffRestaurant: 'features/staff-restaurant/pages/staff-restaurant-page',
  staffReviews: 'features/staff-reviews/pages/staff-reviews-page',
  staffOrderTicket: 'features/orders/pages/kitchen-ticket-page',
  admin: 'features/admin-console/pages/admin-home-page',
  adminRestaurants: 'features/admin-console/pages/admin-restaurants-page',
  adminWithdrawals: 'features/admin-console/pages/admin-withdrawals-page',
  adminMoney: 'features/admin-console/pages/admin-money-page',
  adminAudit: 'features/admin-console/pages/admin-audit-page',
  staffCoupons: 'features/coupons/pages/staff-coupons-page',
  adminUsers: 'features/admin-users/pages/admin-users-page',
  adminUser: 'features/admin-users/pages/admin-user-page',
  adminCoupons: 'features/coupons/pages/admin-coupons-page',
} as const satisfies Partial<Record<keyof typeof paths, string>>;

export type LazyScreenKey = keyof typeof LAZY_SCREENS;

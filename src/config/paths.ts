/**
 * The paths of spec section 2.1. Below app/ and the features, so a screen can link to another
 * without importing the router that lazy-loads it; app/routes.ts gives each path its access.
 */
export const paths = {
  home: '/',
  login: '/login',
  staffLogin: '/staff/login',
  register: '/register',
  search: '/search',
  food: '/food/:id',
  restaurant: '/restaurant/:id',
  cart: '/cart',
  checkout: '/checkout',
  profile: '/profile',
  profileEdit: '/profile/edit',
  orders: '/orders',
  // The customer's saved dishes and restaurants.
  collections: '/collections',
  order: '/orders/:id',
  deposit: '/payment/deposit',
  withdraw: '/payment/withdraw',
  // The inbox behind the bell (docs/decisions/021), for customers and staff alike.
  notifications: '/notifications',
  staffMenu: '/staff/menu',
  staffDish: '/staff/menu/:id',
  staffRestaurant: '/staff/restaurant',
  staffReviews: '/staff/reviews',
  // The kitchen ticket of an order, for an 80 mm receipt printer.
  staffOrderTicket: '/staff/orders/:id/ticket',
  // The owner's promotions (restaurant-scoped coupons).
  staffCoupons: '/staff/coupons',
  // The admin console: the platform's operator runs restaurants, payouts, users and coupons here.
  admin: '/admin',
  adminRestaurants: '/admin/restaurants',
  adminWithdrawals: '/admin/withdrawals',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:id',
  adminCoupons: '/admin/coupons',
  adminMoney: '/admin/money',
  adminAudit: '/admin/audit',
  paymentResult: '/api/payment/vnpay/return/',
} as const;

export type RoutePath = (typeof paths)[keyof typeof paths];

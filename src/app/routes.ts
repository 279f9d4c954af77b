/**
 * The route table of spec section 2.1. The router (router.tsx) and the access decision
 * (guards.ts) both read it, so a path and its guard cannot drift apart.
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
  order: '/orders/:id',
  deposit: '/payment/deposit',
  withdraw: '/payment/withdraw',
  staffMenu: '/staff/menu',
  staffDish: '/staff/menu/:id',
  staffRestaurant: '/staff/restaurant',
  staffReviews: '/staff/reviews',
  paymentResult: '/api/payment/vnpay/return/',
} as const;

export type RoutePath = (typeof paths)[keyof typeof paths];

/**
 * - visitor: only without a session (a signed-in user is sent to /)
 * - user: any signed-in user (visitors are sent to /login)
 * - staff: a signed-in staff-level user (visitors to /login, customers to /)
 * - public: everyone
 */
export type Access = 'visitor' | 'user' | 'staff' | 'public';

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
  { path: paths.deposit, access: 'user' },
  { path: paths.withdraw, access: 'user' },
  { path: paths.staffMenu, access: 'staff' },
  { path: paths.staffDish, access: 'staff' },
  { path: paths.staffRestaurant, access: 'staff' },
  { path: paths.staffReviews, access: 'staff' },
  { path: paths.paymentResult, access: 'public' },
];

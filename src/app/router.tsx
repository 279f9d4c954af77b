import type { RouteObject } from 'react-router-dom';
import { AppRoot } from './app-root';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { paths, type RoutePath } from '../config/paths';
import { lazyScreenRoute } from './lazy-screen';
import type { LazyScreenKey } from './lazy-screens';
import { routeAccess, type Access } from './routes';
import { HomeForUser } from './home';

/** A lazy route for each screen of LAZY_SCREENS, under its route's path, and for no other. */
type ScreenLoaders = {
  [K in LazyScreenKey as (typeof paths)[K]]: (path: string) => RouteObject;
};

// Each screen is its own chunk, fetched when its route is first visited, so the first load of a
// visitor or a customer carries no other screen's code. Each loader imports the module that
// lazy-screens.ts names for its route (the build reads that table).
const screens: ScreenLoaders = {
  [paths.home]: (path) => {
    const customerHome = lazyScreenRoute(
      path,
      async () => (await import('../features/home/pages/home-page')).HomePage,
    );
    return { ...customerHome, element: <HomeForUser customerHome={customerHome.element} /> };
  },
  [paths.login]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/auth/pages/login-page')).LoginPage,
    ),
  [paths.staffLogin]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/auth/pages/staff-login-page')).StaffLoginPage,
    ),
  [paths.register]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/auth/pages/register-page')).RegisterPage,
    ),
  [paths.search]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/search/pages/search-page')).SearchPage,
    ),
  [paths.food]: (path) =>
    lazyScreenRoute(path, async () => (await import('../features/food/pages/food-page')).FoodPage),
  [paths.cart]: (path) =>
    lazyScreenRoute(path, async () => (await import('../features/cart/pages/cart-page')).CartPage),
  [paths.checkout]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
    ),
  [paths.orders]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/orders/pages/orders-page')).OrdersPage,
    ),
  [paths.order]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/orders/pages/order-page')).OrderPage,
    ),
  [paths.collections]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/collections/pages/collections-page')).CollectionsPage,
    ),
  [paths.restaurant]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/restaurant/pages/restaurant-page')).RestaurantPage,
    ),
  [paths.profile]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/profile/pages/profile-page')).ProfilePage,
    ),
  [paths.profileEdit]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/profile/pages/profile-edit-page')).ProfileEditPage,
    ),
  [paths.deposit]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/payment/pages/deposit-page')).DepositPage,
    ),
  [paths.withdraw]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/payment/pages/withdraw-page')).WithdrawPage,
    ),
  [paths.notifications]: (path) =>
    lazyScreenRoute(
      path,
      async () =>
        (await import('../features/notifications/pages/notifications-page')).NotificationsPage,
    ),
  [paths.paymentResult]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/payment/pages/payment-result-page')).PaymentResultPage,
    ),
  [paths.staffMenu]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/staff-menu/pages/staff-menu-page')).StaffMenuPage,
    ),
  [paths.staffDish]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/staff-menu/pages/staff-dish-page')).StaffDishPage,
    ),
  [paths.staffRestaurant]: (path) =>
    lazyScreenRoute(
      path,
      async () =>
        (await import('../features/staff-restaurant/pages/staff-restaurant-page'))
          .StaffRestaurantPage,
    ),
  [paths.staffReviews]: (path) =>
    lazyScreenRoute(
      path,
      async () =>
        (await import('../features/staff-reviews/pages/staff-reviews-page')).StaffReviewsPage,
    ),
  [paths.staffOrderTicket]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/orders/pages/kitchen-ticket-page')).KitchenTicketPage,
    ),
  [paths.staffCoupons]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/coupons/pages/staff-coupons-page')).StaffCouponsPage,
    ),
  [paths.adminUsers]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/admin-users/pages/admin-users-page')).AdminUsersPage,
    ),
  [paths.adminUser]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/admin-users/pages/admin-user-page')).AdminUserPage,
    ),
  [paths.adminCoupons]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/coupons/pages/admin-coupons-page')).AdminCouponsPage,
    ),
  [paths.admin]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/admin-console/pages/admin-home-page')).AdminHomePage,
    ),
  [paths.adminRestaurants]: (path) =>
    lazyScreenRoute(
      path,
      async () =>
        (await import('../features/admin-console/pages/admin-restaurants-page'))
          .AdminRestaurantsPage,
    ),
  [paths.adminWithdrawals]: (path) =>
    lazyScreenRoute(
      path,
      async () =>
        (await import('../features/admin-console/pages/admin-withdrawals-page'))
          .AdminWithdrawalsPage,
    ),
  [paths.adminMoney]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/admin-console/pages/admin-money-page')).AdminMoneyPage,
    ),
  [paths.adminAudit]: (path) =>
    lazyScreenRoute(
      path,
      async () => (await import('../features/admin-console/pages/admin-audit-page')).AdminAuditPage,
    ),
};

const screensByPath: Partial<Record<RoutePath, (path: string) => RouteObject>> = screens;

// A route of routes.ts without a screen in LAZY_SCREENS renders nothing inside its layout (an
// explicit null element, which React Router accepts without a warning). The grouping by access
// below is the layout each kind of route is shown in.
const leaves = (...kinds: Access[]): RouteObject[] =>
  routeAccess
    .filter(({ access }) => kinds.includes(access))
    .map(({ path }) => {
      const route = screensByPath[path];
      return route ? route(path) : { path, element: null };
    });

export const appRoutes: RouteObject[] = [
  {
    // The access gate, the error screen and the wait for a screen's chunk (app-root.tsx).
    element: <AppRoot />,
    children: [
      { element: <AuthLayout />, children: leaves('visitor') },
      { element: <AppLayout />, children: leaves('user', 'customer', 'staff', 'admin') },
      { element: <PublicLayout />, children: leaves('public') },
      // AccessGate already redirects unknown paths to /; this only keeps React Router from
      // treating them as a 404 error first.
      { path: '*', element: null },
    ],
  },
];

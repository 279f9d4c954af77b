import type { RouteObject } from 'react-router-dom';
import { AccessGate } from './access-gate';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { SplashHold } from '../first-load/splash';
import { paths, type RoutePath } from '../config/paths';
import type { LazyScreenKey } from './lazy-screens';
import { routeAccess, type Access } from './routes';
import { StaffHome } from './staff-home';

/** A loader for each screen of LAZY_SCREENS, under its route's path, and for no other. */
type ScreenLoaders = { [K in LazyScreenKey as (typeof paths)[K]]: RouteObject['lazy'] };

// Each screen is its own chunk, fetched when its route is first visited, so the first load of a
// visitor or a customer carries no other screen's code. Each loader imports the module that
// lazy-screens.ts names for its route (the build reads that table).
const screens: ScreenLoaders = {
  [paths.home]: async () => {
    const { HomePage } = await import('../features/home/pages/home-page');
    return { element: <HomePage staffHome={<StaffHome />} /> };
  },
  [paths.login]: async () => ({
    Component: (await import('../features/auth/pages/login-page')).LoginPage,
  }),
  [paths.staffLogin]: async () => ({
    Component: (await import('../features/auth/pages/staff-login-page')).StaffLoginPage,
  }),
  [paths.register]: async () => ({
    Component: (await import('../features/auth/pages/register-page')).RegisterPage,
  }),
  [paths.search]: async () => ({
    Component: (await import('../features/search/pages/search-page')).SearchPage,
  }),
  [paths.food]: async () => ({
    Component: (await import('../features/food/pages/food-page')).FoodPage,
  }),
  [paths.cart]: async () => ({
    Component: (await import('../features/cart/pages/cart-page')).CartPage,
  }),
  [paths.checkout]: async () => ({
    Component: (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
  }),
  [paths.orders]: async () => ({
    Component: (await import('../features/orders/pages/orders-page')).OrdersPage,
  }),
  [paths.order]: async () => ({
    Component: (await import('../features/orders/pages/order-page')).OrderPage,
  }),
  [paths.collections]: async () => ({
    Component: (await import('../features/collections/pages/collections-page')).CollectionsPage,
  }),
  [paths.restaurant]: async () => ({
    Component: (await import('../features/restaurant/pages/restaurant-page')).RestaurantPage,
  }),
  [paths.profile]: async () => ({
    Component: (await import('../features/profile/pages/profile-page')).ProfilePage,
  }),
  [paths.profileEdit]: async () => ({
    Component: (await import('../features/profile/pages/profile-edit-page')).ProfileEditPage,
  }),
  [paths.deposit]: async () => ({
    Component: (await import('../features/payment/pages/deposit-page')).DepositPage,
  }),
  [paths.withdraw]: async () => ({
    Component: (await import('../features/payment/pages/withdraw-page')).WithdrawPage,
  }),
  [paths.notifications]: async () => ({
    Component: (await import('../features/notifications/pages/notifications-page'))
      .NotificationsPage,
  }),
  [paths.paymentResult]: async () => ({
    Component: (await import('../features/payment/pages/payment-result-page')).PaymentResultPage,
  }),
  [paths.staffMenu]: async () => ({
    Component: (await import('../features/staff-menu/pages/staff-menu-page')).StaffMenuPage,
  }),
  [paths.staffDish]: async () => ({
    Component: (await import('../features/staff-menu/pages/staff-dish-page')).StaffDishPage,
  }),
  [paths.staffRestaurant]: async () => ({
    Component: (await import('../features/staff-restaurant/pages/staff-restaurant-page'))
      .StaffRestaurantPage,
  }),
  [paths.staffReviews]: async () => ({
    Component: (await import('../features/staff-reviews/pages/staff-reviews-page'))
      .StaffReviewsPage,
  }),
  [paths.staffOrderTicket]: async () => ({
    Component: (await import('../features/orders/pages/kitchen-ticket-page')).KitchenTicketPage,
  }),
  [paths.admin]: async () => ({
    Component: (await import('../features/admin-console/pages/admin-home-page')).AdminHomePage,
  }),
  [paths.adminRestaurants]: async () => ({
    Component: (await import('../features/admin-console/pages/admin-restaurants-page'))
      .AdminRestaurantsPage,
  }),
  [paths.adminWithdrawals]: async () => ({
    Component: (await import('../features/admin-console/pages/admin-withdrawals-page'))
      .AdminWithdrawalsPage,
  }),
  [paths.adminMoney]: async () => ({
    Component: (await import('../features/admin-console/pages/admin-money-page')).AdminMoneyPage,
  }),
  [paths.adminAudit]: async () => ({
    Component: (await import('../features/admin-console/pages/admin-audit-page')).AdminAuditPage,
  }),
  [paths.staffCoupons]: async () => ({
    Component: (await import('../features/coupons/pages/staff-coupons-page')).StaffCouponsPage,
  }),
  [paths.adminUsers]: async () => ({
    Component: (await import('../features/admin-users/pages/admin-users-page')).AdminUsersPage,
  }),
  [paths.adminUser]: async () => ({
    Component: (await import('../features/admin-users/pages/admin-user-page')).AdminUserPage,
  }),
  [paths.adminCoupons]: async () => ({
    Component: (await import('../features/coupons/pages/admin-coupons-page')).AdminCouponsPage,
  }),
};

const screensByPath: Partial<Record<RoutePath, RouteObject['lazy']>> = screens;

// A route of routes.ts without a screen in LAZY_SCREENS renders nothing inside its layout (an
// explicit null element, which React Router accepts without a warning). The grouping by access
// below is the layout each kind of route is shown in.
const leaves = (...kinds: Access[]): RouteObject[] =>
  routeAccess
    .filter(({ access }) => kinds.includes(access))
    .map(({ path }) => {
      const lazy = screensByPath[path];
      return lazy ? { path, lazy } : { path, element: null };
    });

export const appRoutes: RouteObject[] = [
  {
    element: <AccessGate />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        // While the first screen's chunk loads, index.html's splash stays
        // (src/first-load/splash.ts).
        hydrateFallbackElement: <SplashHold />,
        children: leaves('visitor'),
      },
      {
        element: <AppLayout />,
        hydrateFallbackElement: <SplashHold />,
        children: leaves('user', 'customer', 'staff', 'admin'),
      },
      {
        element: <PublicLayout />,
        hydrateFallbackElement: <SplashHold />,
        children: leaves('public'),
      },
      // AccessGate already redirects unknown paths to /; this only keeps React Router from
      // treating them as a 404 error first.
      { path: '*', element: null },
    ],
  },
];

import type { ComponentType } from 'react';
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

/** An import of each screen of LAZY_SCREENS, under its route's path, and for no other. */
type ScreenImports = {
  [K in LazyScreenKey as (typeof paths)[K]]: () => Promise<ComponentType>;
};

// Each screen is its own chunk, fetched when its route is first visited, so the first load of a
// visitor or a customer carries no other screen's code. Each import is of the module that
// lazy-screens.ts names for its route (the build reads that table).
const screens: ScreenImports = {
  [paths.home]: async () => (await import('../features/home/pages/home-page')).HomePage,
  [paths.login]: async () => (await import('../features/auth/pages/login-page')).LoginPage,
  [paths.staffLogin]: async () =>
    (await import('../features/auth/pages/staff-login-page')).StaffLoginPage,
  [paths.register]: async () => (await import('../features/auth/pages/register-page')).RegisterPage,
  [paths.search]: async () => (await import('../features/search/pages/search-page')).SearchPage,
  [paths.food]: async () => (await import('../features/food/pages/food-page')).FoodPage,
  [paths.cart]: async () => (await import('../features/cart/pages/cart-page')).CartPage,
  [paths.checkout]: async () =>
    (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
  [paths.orders]: async () => (await import('../features/orders/pages/orders-page')).OrdersPage,
  [paths.order]: async () => (await import('../features/orders/pages/order-page')).OrderPage,
  [paths.collections]: async () =>
    (await import('../features/collections/pages/collections-page')).CollectionsPage,
  [paths.restaurant]: async () =>
    (await import('../features/restaurant/pages/restaurant-page')).RestaurantPage,
  [paths.profile]: async () => (await import('../features/profile/pages/profile-page')).ProfilePage,
  [paths.profileEdit]: async () =>
    (await import('../features/profile/pages/profile-edit-page')).ProfileEditPage,
  [paths.deposit]: async () => (await import('../features/payment/pages/deposit-page')).DepositPage,
  [paths.withdraw]: async () =>
    (await import('../features/payment/pages/withdraw-page')).WithdrawPage,
  [paths.notifications]: async () =>
    (await import('../features/notifications/pages/notifications-page')).NotificationsPage,
  [paths.paymentResult]: async () =>
    (await import('../features/payment/pages/payment-result-page')).PaymentResultPage,
  [paths.staffMenu]: async () =>
    (await import('../features/staff-menu/pages/staff-menu-page')).StaffMenuPage,
  [paths.staffDish]: async () =>
    (await import('../features/staff-menu/pages/staff-dish-page')).StaffDishPage,
  [paths.staffRestaurant]: async () =>
    (await import('../features/staff-restaurant/pages/staff-restaurant-page')).StaffRestaurantPage,
  [paths.staffReviews]: async () =>
    (await import('../features/staff-reviews/pages/staff-reviews-page')).StaffReviewsPage,
  [paths.staffOrderTicket]: async () =>
    (await import('../features/orders/pages/kitchen-ticket-page')).KitchenTicketPage,
  [paths.staffCoupons]: async () =>
    (await import('../features/coupons/pages/staff-coupons-page')).StaffCouponsPage,
  [paths.adminUsers]: async () =>
    (await import('../features/admin-users/pages/admin-users-page')).AdminUsersPage,
  [paths.adminUser]: async () =>
    (await import('../features/admin-users/pages/admin-user-page')).AdminUserPage,
  [paths.adminCoupons]: async () =>
    (await import('../features/coupons/pages/admin-coupons-page')).AdminCouponsPage,
  [paths.admin]: async () =>
    (await import('../features/admin-console/pages/admin-home-page')).AdminHomePage,
  [paths.adminRestaurants]: async () =>
    (await import('../features/admin-console/pages/admin-restaurants-page')).AdminRestaurantsPage,
  [paths.adminWithdrawals]: async () =>
    (await import('../features/admin-console/pages/admin-withdrawals-page')).AdminWithdrawalsPage,
  [paths.adminMoney]: async () =>
    (await import('../features/admin-console/pages/admin-money-page')).AdminMoneyPage,
  [paths.adminAudit]: async () =>
    (await import('../features/admin-console/pages/admin-audit-page')).AdminAuditPage,
};

const screensByPath: Partial<Record<RoutePath, () => Promise<ComponentType>>> = screens;

/**
 * The lazy route of a screen. `/` (spec 2.1) is the customer home for customers and the staff
 * dashboard for staff-level users, chosen before the customer home's chunk is asked for.
 */
function screenRoute(path: RoutePath, importScreen: () => Promise<ComponentType>): RouteObject {
  const route = lazyScreenRoute(path, importScreen);
  return path === paths.home
    ? { ...route, element: <HomeForUser customerHome={route.element} /> }
    : route;
}

// A route of routes.ts without a screen in LAZY_SCREENS renders nothing inside its layout (an
// explicit null element, which React Router accepts without a warning). The grouping by access
// below is the layout each kind of route is shown in.
const leaves = (...kinds: Access[]): RouteObject[] =>
  routeAccess
    .filter(({ access }) => kinds.includes(access))
    .map(({ path }) => {
      const importScreen = screensByPath[path];
      return importScreen ? screenRoute(path, importScreen) : { path, element: null };
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

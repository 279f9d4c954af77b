import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { vi } from '../i18n/first-screen';

// The staff dashboard shares / with the customer home (spec 2.1) but not its chunk: a customer
// never downloads it, nor the chart library it brings (design.md section 7).
const StaffDashboardPage = lazy(async () => ({
  default: (await import('../features/dashboard/pages/staff-dashboard-page')).StaffDashboardPage,
}));

/** What / shows a staff-level user, handed to the home screen by the router. */
export function StaffHome() {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status">
          <Loader aria-hidden />
          <VisuallyHidden>{vi.dashboard.loading}</VisuallyHidden>
        </Center>
      }
    >
      <StaffDashboardPage />
    </Suspense>
  );
}

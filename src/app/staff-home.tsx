import { lazy, Suspense } from 'react';
import { vi } from '../i18n/first-screen';
import { loadDashboard } from './staff-home-chunk';
import classes from './staff-home.module.css';

// The staff dashboard shares / with the customer home (spec 2.1) but not its chunk: a customer
// never downloads it, nor the chart library it brings (design.md section 7).
const StaffDashboardPage = lazy(async () => ({
  default: (await loadDashboard()).StaffDashboardPage,
}));

/** What / shows a staff-level user (home.tsx). */
export function StaffHome() {
  return (
    <Suspense
      fallback={
        <div className={classes.loading} role="status">
          <span className={classes.spinner} aria-hidden />
          <span className={classes.hidden}>{vi.dashboard.loading}</span>
        </div>
      }
    >
      <StaffDashboardPage />
    </Suspense>
  );
}

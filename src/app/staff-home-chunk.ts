/** The staff dashboard's chunk, which / shows a staff-level user (staff-home.tsx). */
export const loadDashboard = () => import('../features/dashboard/pages/staff-dashboard-page');

/**
 * Starts fetching the dashboard's chunk ahead of its first render: a staff member signed in
 * before the app arrived is about to land on it (src/main.tsx).
 */
export function preloadStaffHome(): void {
  loadDashboard().catch(() => {
    // The render asks again and shows the error screen if it fails too.
  });
}

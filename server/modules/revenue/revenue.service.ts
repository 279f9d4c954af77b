import type { Kysely } from 'kysely';
import type { RevenueQuery, RevenueSummary } from '#contract/revenue';
import type { DB, Role } from '#server/db/schema';
import { restaurantIdOfStaff } from '../workplace/workplace.service';
import { selectDailyRevenue } from './revenue.queries';

/**
 * GET /api/staff/revenue/ (spec 2.17, 7.5): the caller's restaurant's completed orders between
 * two local dates, inclusive. The totals are summed from the same daily rows the charts draw,
 * so the cards and the charts can never disagree.
 */
export async function getRevenue(
  db: Kysely<DB>,
  user: { id: number; role: Role },
  query: RevenueQuery,
): Promise<RevenueSummary> {
  const restaurantId = await restaurantIdOfStaff(db, user);
  const days = await selectDailyRevenue(db, restaurantId, query.start_date, query.end_date);
  return {
    order_count: days.reduce((sum, day) => sum + day.orders, 0),
    total_revenue: days.reduce((sum, day) => sum + day.revenue, 0),
    daily_revenue: days.map((day) => ({
      date: day.date,
      revenue: day.revenue,
      orders: day.orders,
    })),
  };
}

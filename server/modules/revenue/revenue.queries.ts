import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export interface DailyRevenueRow {
  date: string;
  revenue: number;
  orders: number;
}

/**
 * One row per calendar day of [start, end] in Asia/Ho_Chi_Minh, zeros included, oldest first:
 * the restaurant's completed orders counted on the local day of their completed_at. The
 * completed_at bounds are the local midnights, so the (restaurant_id, ...) rows are filtered
 * by a range rather than by a computed day.
 */
export async function selectDailyRevenue(
  db: Kysely<DB>,
  restaurantId: number,
  start: string,
  end: string,
): Promise<DailyRevenueRow[]> {
  const { rows } = await sql<DailyRevenueRow>`
    with days as (
      select ${start}::date + i as day
      from generate_series(0, ${end}::date - ${start}::date) as i
    ),
    done as (
      select (o.completed_at at time zone 'Asia/Ho_Chi_Minh')::date as day, o.total_amount
      from orders o
      where o.restaurant_id = ${restaurantId}
        and o.status = 'completed'
        and o.completed_at >= (${start}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'
        and o.completed_at < (${end}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
      coalesce(sum(done.total_amount), 0)::bigint as revenue,
      count(done.day)::int as orders
    from days d
    left join done on done.day = d.day
    group by d.day
    order by d.day`.execute(db);
  return rows;
}

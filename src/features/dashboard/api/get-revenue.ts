import { queryOptions } from '@tanstack/react-query';
import type { RevenueSummary } from '#contract/revenue';
import { http, type ApiReply } from '#src/lib/http';
import { persistedQuery } from '#src/lib/query-client';
import type { DateRange } from '../month-range';

/** GET /api/staff/revenue/?start_date=&end_date= (spec 7.5): completed orders, day by day. */
export async function getRevenue(range: DateRange, signal?: AbortSignal): Promise<RevenueSummary> {
  const reply = await http
    .get('staff/revenue/', { searchParams: { ...range }, signal })
    .json<ApiReply<RevenueSummary>>();
  if (!reply.data) throw new Error('Revenue reply without data');
  return reply.data;
}

export const revenueQueries = {
  /** Every range: a completed order (a live event) changes the figures of its month. */
  all: () => ['staff', 'revenue'] as const,
  /** Persisted, so a pinned tablet still shows the month's figures while the network is out. */
  range: (range: DateRange) =>
    queryOptions({
      queryKey: [...revenueQueries.all(), range] as const,
      queryFn: ({ signal }) => getRevenue(range, signal),
      ...persistedQuery,
    }),
};

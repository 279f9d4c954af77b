import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import {
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { staffRestaurantQuery } from '#src/api/staff-restaurant';
import { staffReviewQueries } from '#src/api/staff-reviews';
import { NewOrderAlerts } from '#src/components/live/new-order-alerts';
import { StorePauseCard } from '#src/components/store-pause-card';
import { vi } from '#src/i18n/staff-home';
import { formatVnd } from '#src/lib/format';
import { recentOrdersQuery } from '../api/get-recent-orders';
import { revenueQueries } from '../api/get-revenue';
import classes from '../components/dashboard.module.css';
import { NoRestaurant } from '../components/no-restaurant';
import { QuickActions } from '../components/quick-actions';
import { RecentOrders } from '../components/recent-orders';
import { StatCard } from '../components/stat-card';
import { currentMonthRange } from '../month-range';
import { averageRating, formatAverage, formatCount, formatTotal } from '../stats';

const text = vi.dashboard;

const RevenueCharts = lazy(async () => ({
  default: (await import('../components/revenue-charts')).RevenueCharts,
}));

/** Spec section 8: a dashboard call that fails is only logged; its card stays empty. */
function useLogFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error) console.warn(`Dashboard: could not load ${what}`, error);
  }, [what, error]);
}

function EmptyChart() {
  return (
    <Text c="dimmed" className={classes.statValue}>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{text.noData}</VisuallyHidden>
    </Text>
  );
}

/**
 * The staff home at / (spec 2.17). Its four calls (revenue of the current month, the
 * restaurant, the newest orders, the newest reviews) start together (spec 7.5) and each
 * fills its own cards as it arrives, so one slow or failed call holds up nothing else.
 */
export function StaffDashboardPage() {
  // Read on every render, so a tablet left open past midnight on the last day moves on to
  // the new month at its next refresh.
  const range = currentMonthRange();
  const restaurant = useQuery(staffRestaurantQuery);
  const revenue = useQuery(revenueQueries.range(range));
  const orders = useQuery(recentOrdersQuery);
  const reviews = useQuery(staffReviewQueries.page({ page: 1, q: '' }));

  useLogFailure('the restaurant', restaurant.error);
  useLogFailure('the revenue', revenue.error);
  useLogFailure('the recent orders', orders.error);
  useLogFailure('the reviews', reviews.error);

  const loading = [restaurant, revenue, orders, reviews].some((query) => query.isPending);
  const reviewItems = reviews.data?.items;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Title order={1} size="h2">
            {text.title}
          </Title>
          {restaurant.data ? (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {restaurant.data.name}
            </Text>
          ) : null}
        </div>
        {restaurant.data ? (
          <Badge
            size="lg"
            variant="filled"
            color={restaurant.data.is_active ? 'green' : 'gray.7'}
            radius="sm"
            tt="none"
            data-active={restaurant.data.is_active}
          >
            {restaurant.data.is_active ? text.active : text.paused}
          </Badge>
        ) : null}
      </Group>

      {/* A kitchen with a restaurant hears its new orders here too (docs/decisions/019). */}
      {restaurant.data ? <NewOrderAlerts /> : null}

      {loading ? (
        <Text role="status" c="dimmed">
          {text.loading}
        </Text>
      ) : null}

      {restaurant.data === null ? (
        <NoRestaurant />
      ) : (
        <>
          {/* First in reach: a kitchen swamped at noon pauses from here. */}
          {restaurant.data ? <StorePauseCard restaurant={restaurant.data} /> : null}
          <section aria-labelledby="dashboard-stats">
            <VisuallyHidden component="h2" id="dashboard-stats">
              {text.stats}
            </VisuallyHidden>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <StatCard
                label={text.revenue}
                value={revenue.data ? formatVnd(revenue.data.total_revenue) : undefined}
                loading={revenue.isPending}
              />
              <StatCard
                label={text.orderCount}
                value={revenue.data ? formatCount(revenue.data.order_count) : undefined}
                loading={revenue.isPending}
              />
              <StatCard
                label={text.averageRating}
                value={reviewItems ? formatAverage(averageRating(reviewItems)) : undefined}
                loading={reviews.isPending}
              />
              <StatCard
                label={text.totalReviews}
                value={reviews.data ? formatTotal(reviews.data.pagination) : undefined}
                loading={reviews.isPending}
              />
            </SimpleGrid>
          </section>

          <Paper
            component="section"
            aria-labelledby="dashboard-chart"
            withBorder
            radius="lg"
            p="md"
            data-empty={!revenue.data && !revenue.isPending ? true : undefined}
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id="dashboard-chart">
                {text.chartTitle}
              </Title>
              {revenue.data ? (
                <Suspense fallback={<Skeleton className={classes.chart} />}>
                  <RevenueCharts days={revenue.data.daily_revenue} />
                </Suspense>
              ) : revenue.isPending ? (
                <Skeleton className={classes.chart} />
              ) : (
                <EmptyChart />
              )}
            </Stack>
          </Paper>

          <section aria-labelledby="dashboard-actions">
            <Title order={2} size="h4" id="dashboard-actions" mb="sm">
              {text.quickActions}
            </Title>
            <QuickActions />
          </section>

          <RecentOrders orders={orders.data} loading={orders.isPending} />
        </>
      )}
    </Stack>
  );
}

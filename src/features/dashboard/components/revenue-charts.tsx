import '@mantine/charts/styles.layer.css';
// The legend's colour swatches are Mantine's ColorSwatch: without its CSS they have no size.
import '@mantine/core/styles/ColorSwatch.layer.css';
import { CompositeChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { RevenueSummary } from '#contract/revenue';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatCount, formatVndTick } from '../stats';
import classes from './dashboard.module.css';

// The chart library (recharts, ~100 KB gzip) arrives only with this module, which the
// dashboard imports lazily: no customer chunk carries it (design.md section 7).

const text = vi.dashboard;

type DailyRevenue = RevenueSummary['daily_revenue'][number];

interface ChartRow {
  /** 'dd/mm', the x-axis label. */
  day: string;
  revenue: number;
  orders: number;
}

/** Both figures of a day, each in its own unit (the chart's one formatter cannot do that). */
function DayTooltip({ row }: { row: ChartRow | undefined }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="md" radius="md" px="sm" py={6}>
      <Text size="sm" fw={700}>
        {text.day(row.day)}
      </Text>
      <Text size="sm">
        {text.revenueSeries}: {formatVnd(row.revenue)}
      </Text>
      <Text size="sm">
        {text.ordersSeries}: {formatCount(row.orders)}
      </Text>
    </Paper>
  );
}

/**
 * Spec 2.17: the month's daily series as revenue per day (a line on the left axis, in đồng)
 * and orders per day (bars on the right axis, a count), over the same days.
 */
export function RevenueCharts({ days }: { days: readonly DailyRevenue[] }) {
  const data = useMemo<ChartRow[]>(
    () =>
      days.map(({ date, revenue, orders }) => ({
        day: `${date.slice(8, 10)}/${date.slice(5, 7)}`,
        revenue,
        orders,
      })),
    [days],
  );
  return (
    <CompositeChart
      className={classes.chart}
      data={data}
      dataKey="day"
      // Bars first, so the line is drawn over them.
      series={[
        {
          name: 'orders',
          label: text.ordersSeries,
          type: 'bar',
          color: 'blue.4',
          yAxisId: 'right',
        },
        { name: 'revenue', label: text.revenueSeries, type: 'line', color: 'tomato.7' },
      ]}
      withLegend
      withRightYAxis
      withDots={false}
      maxBarWidth={16}
      yAxisLabel={text.revenueAxis}
      rightYAxisLabel={text.ordersAxis}
      valueFormatter={formatVndTick}
      // Room for '500 nghìn' beside the axis' own label (recharts gives 60 px).
      yAxisProps={{ width: 80 }}
      rightYAxisProps={{
        allowDecimals: false,
        tickFormatter: (value: number) => formatCount(value),
      }}
      tooltipProps={{
        content: ({ payload }) => (
          <DayTooltip row={(payload?.[0] as { payload?: ChartRow } | undefined)?.payload} />
        ),
      }}
    />
  );
}

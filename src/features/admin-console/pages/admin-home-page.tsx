import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Pagination } from '#contract/envelope';
import { ScreenError } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd, formatWhole } from '#src/lib/format';
import { adminQueries } from '../api/admin-api';
import { monthToDate } from '../date-range';
import classes from '../components/admin.module.css';

const text = vi.adminConsole.home;
const common = vi.adminConsole;
const layout = vi.layout;


/** A count the server stopped short of (ten pages ahead) reads '200+'. */
function countOf({ total, total_exact }: Pagination): string {
  return total_exact ? formatWhole(total) : common.atLeast(formatWhole(total));
}

interface CountCardProps {
  to: string;
  label: string;
  value: string | undefined;
  detail?: string;
}

/** A figure that is also the way to its section. */
function CountCard({ to, label, value, detail }: CountCardProps) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" className={classes.cardLink}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text className={classes.statValue}>{value ?? '…'}</Text>
      {detail ? (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}

const SECTIONS = [
  { to: paths.adminRestaurants, label: layout.adminRestaurants, hint: text.restaurants },
  { to: paths.adminWithdrawals, label: layout.adminWithdrawals, hint: text.withdrawals },
  { to: paths.adminUsers, label: layout.adminUsers, hint: text.users },
  { to: paths.adminCoupons, label: layout.adminCoupons, hint: text.coupons },
  { to: paths.adminMoney, label: layout.adminMoney, hint: text.money },
  { to: paths.adminAudit, label: layout.adminAudit, hint: text.audit },
];

/**
 * /admin, an admin's home: what waits for them (restaurants to approve, payouts to make) and the
 * money held for open orders, each a link to its section, then every section of the console.
 */
export function AdminHomePage() {
  const restaurants = useQuery(
    adminQueries.restaurants({ status: 'pending', q: '', page: 1, perPage: 1 }),
  );
  const money = useQuery(adminQueries.money(monthToDate()));
  const failed = restaurants.error ?? money.error;

  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      {/* The cards stand in place with '…' while their figures load; this says so aloud. */}
      {restaurants.isPending || money.isPending ? (
        <VisuallyHidden role="status">{common.loading}</VisuallyHidden>
      ) : null}
      {failed ? (
        <ScreenError
          title={common.loadFailed}
          error={failed}
          retryLabel={common.retry}
          onRetry={() => {
            void restaurants.refetch();
            void money.refetch();
          }}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <CountCard
          to={paths.adminRestaurants}
          label={text.pendingRestaurants}
          value={restaurants.data ? countOf(restaurants.data.pagination) : undefined}
        />
        <CountCard
          to={paths.adminWithdrawals}
          label={text.pendingWithdrawals}
          value={money.data ? formatWhole(money.data.pending_payouts.count) : undefined}
          detail={
            money.data
              ? text.withdrawalsTotal(formatVnd(money.data.pending_payouts.amount))
              : undefined
          }
        />
        <CountCard
          to={paths.adminMoney}
          label={text.escrow}
          value={money.data ? formatVnd(money.data.escrow_held) : undefined}
          detail={money.data ? text.openOrders(formatWhole(money.data.open_orders)) : undefined}
        />
      </SimpleGrid>
      <section aria-labelledby="admin-sections">
        <Title order={2} size="h4" id="admin-sections" mb="sm">
          {text.sections}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {SECTIONS.map((section) => (
            <Paper
              key={section.to}
              component={Link}
              to={section.to}
              withBorder
              radius="lg"
              p="md"
              className={classes.cardLink}
            >
              <Text fw={700}>{section.label}</Text>
              <Text size="sm" c="dimmed">
                {section.hint}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

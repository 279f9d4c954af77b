import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { staffRestaurantQuery } from '#src/api/staff-restaurant';
import { RatingSummary } from '#src/components/rating-stars';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import classes from './profile.module.css';

const text = vi.restaurantCard;

/** Spec section 4: approved 'Đã duyệt', pending 'Chờ duyệt', anything else 'Từ chối'. */
function approvalLabel(status: string): string {
  if (status === 'approved') return text.approved;
  if (status === 'pending') return text.pending;
  return text.rejected;
}

// Plain 'green' is the theme's accessible green (app/theme.ts: 4.5:1 or more in both schemes);
// a fixed shade's light variant gets a background mixed in CSS that contrast checks misread, and
// its filled variant keeps white text under 4.5:1.
const approvalColor = (status: string) =>
  status === 'approved' ? 'green' : status === 'pending' ? 'yellow.9' : 'red.8';

function Approval({ restaurant }: { restaurant: StaffRestaurant }) {
  const { approval_status: status, rejection_reason: reason } = restaurant;
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        variant="light"
        color={approvalColor(status)}
        radius="sm"
        tt="none"
        data-status={status}
      >
        {approvalLabel(status)}
      </Badge>
      {status === 'pending' ? (
        <Text size="sm" c="dimmed">
          {text.pendingHint}
        </Text>
      ) : null}
      {status !== 'approved' && status !== 'pending' && reason?.trim() ? (
        <Text size="sm">{text.rejectionReason(reason.trim())}</Text>
      ) : null}
    </Stack>
  );
}

function Details({ restaurant }: { restaurant: StaffRestaurant }) {
  const rows: [string, ReactNode][] = [
    [text.address, restaurant.address],
    [text.approval, <Approval restaurant={restaurant} />],
    [
      text.activity,
      <Badge variant="light" color={restaurant.is_active ? 'green' : 'gray'} radius="sm" tt="none">
        {restaurant.is_active ? text.active : text.paused}
      </Badge>,
    ],
    [
      text.rating,
      <RatingSummary
        rating={restaurant.rating ?? restaurant.avg_rating}
        reviewCount={restaurant.review_count}
      />,
    ],
  ];
  return (
    <Stack gap="md">
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {restaurant.name}
      </Title>
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {/* Side by side when both labels fit whole, one under the other on a phone. */}
      <div className={classes.actions}>
        <Button component={Link} to={paths.staffRestaurant} variant="light">
          {text.manageRestaurant}
        </Button>
        <Button component={Link} to={paths.staffMenu} variant="light">
          {text.manageMenu}
        </Button>
      </div>
    </Stack>
  );
}

function NoRestaurant() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text fw={600}>{text.none}</Text>
      <Text size="sm" c="dimmed">
        {text.noneHint}
      </Text>
      <Button component={Link} to={paths.staffRestaurant}>
        {text.createOrLink}
      </Button>
    </Stack>
  );
}

/**
 * Spec 2.15 and section 6: for owner and staff, the restaurant they work for (name, address,
 * approval status, active state, rating) with the ways to manage it, or the prompt to create
 * or link one when there is none yet.
 */
export function RestaurantCard() {
  const query = useQuery(staffRestaurantQuery);
  let body;
  if (query.data) body = <Details restaurant={query.data} />;
  else if (query.data === null) body = <NoRestaurant />;
  else if (query.isPending) body = <ScreenLoading label={text.loading} />;
  else {
    body = (
      <ScreenError
        title={text.loadFailed}
        error={query.error}
        retryLabel={text.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Paper component="section" aria-labelledby="profile-restaurant" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-restaurant">
          {text.title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

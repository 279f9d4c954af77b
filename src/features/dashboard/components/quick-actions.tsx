import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import {
  IconBowl,
  IconDashboard,
  IconStar,
  IconTicket,
  type IconProps,
} from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/staff-home';
import classes from './dashboard.module.css';

const text = vi.dashboard;

const ACTIONS: readonly {
  to: string;
  title: string;
  hint: string;
  icon: ComponentType<IconProps>;
}[] = [
  { to: paths.staffMenu, title: text.manageMenu, hint: text.manageMenuHint, icon: IconBowl },
  {
    to: paths.staffRestaurant,
    title: text.restaurantInfo,
    hint: text.restaurantInfoHint,
    icon: IconDashboard,
  },
  {
    to: paths.staffReviews,
    title: text.customerReviews,
    hint: text.customerReviewsHint,
    icon: IconStar,
  },
  // After the spec's three: the restaurant's own promotions.
  { to: paths.staffCoupons, title: text.coupons, hint: text.couponsHint, icon: IconTicket },
];

/**
 * Spec 2.17: cards to the menu, the restaurant and the reviews, then the promotions; each card
 * is one link.
 */
export function QuickActions() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      {ACTIONS.map(({ to, title, hint, icon: Icon }) => (
        <Paper
          key={to}
          component={Link}
          to={to}
          withBorder
          radius="lg"
          p="md"
          className={classes.action}
        >
          <span className={classes.actionIcon} aria-hidden="true">
            <Icon size={24} />
          </span>
          <span>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </span>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

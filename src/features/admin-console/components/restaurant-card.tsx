import '@mantine/core/styles/Badge.layer.css';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Weekday } from '#contract/catalogue';
import type { AdminRestaurant } from '#contract/staff-restaurant';
import { vi } from '#src/i18n/vi';
import { formatDate } from '#src/lib/format-date';
import { formatDay } from '#src/lib/opening-hours';
import { mapLink } from '../map-link';
import classes from './admin.module.css';

const text = vi.adminConsole.restaurants;

const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export type RestaurantCardAction = 'approve' | 'reject' | 'pause' | 'resume' | 'hide';

interface RestaurantCardProps {
  restaurant: AdminRestaurant;
  /** The action running for this card, if any. */
  running: RestaurantCardAction | null;
  /** Offline or another card's action is running. */
  disabled: boolean;
  describedBy: string | undefined;
  onAction: (action: RestaurantCardAction) => void;
}

function Pictures({ restaurant }: { restaurant: AdminRestaurant }) {
  const pictures = [
    { src: restaurant.cover_url, alt: text.cover(restaurant.name), logo: false },
    { src: restaurant.logo_url, alt: text.logo(restaurant.name), logo: true },
    { src: restaurant.image_url, alt: text.image(restaurant.name), logo: false },
  ].filter((picture): picture is { src: string; alt: string; logo: boolean } => !!picture.src);
  if (pictures.length === 0) return null;
  return (
    <div className={classes.pictures} role="group" aria-label={text.pictures}>
      {pictures.map((picture) => (
        <img
          key={picture.src}
          src={picture.src}
          alt={picture.alt}
          loading="lazy"
          className={picture.logo ? `${classes.picture} ${classes.logo}` : classes.picture}
        />
      ))}
    </div>
  );
}

/**
 * One restaurant of the console, with everything an admin checks before approving it (the
 * owner, where it is, how to reach it, its pictures and hours) and the actions of its state.
 */
export function RestaurantCard({
  restaurant,
  running,
  disabled,
  describedBy,
  onAction,
}: RestaurantCardProps) {
  const headingId = `admin-restaurant-${restaurant.id}`;
  const owner = text.ownerLine(
    restaurant.owner_name ?? '',
    restaurant.owner_username ?? '',
    restaurant.owner_phone ?? '',
  );
  const button = (action: RestaurantCardAction, label: string, color?: string) => (
    <Button
      key={action}
      color={color}
      variant={action === 'approve' ? 'filled' : 'light'}
      loading={running === action}
      disabled={disabled && running !== action}
      aria-describedby={describedBy}
      onClick={() => onAction(action)}
    >
      {label}
    </Button>
  );

  let actions;
  if (restaurant.approval_status === 'pending') {
    actions = [button('approve', text.approve), button('reject', text.reject, 'red')];
  } else if (restaurant.approval_status === 'approved') {
    actions = [
      restaurant.admin_paused_reason !== null
        ? button('resume', text.resume, 'green')
        : button('pause', text.pause, 'orange'),
      button('hide', text.hide, 'red'),
    ];
  } else {
    actions = [button('approve', text.reapprove)];
  }

  return (
    <Paper component="article" withBorder radius="lg" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {restaurant.name}
          </Title>
          {restaurant.admin_paused_reason !== null ? (
            <Badge color="orange" variant="light">
              {text.adminPaused}
            </Badge>
          ) : restaurant.approval_status === 'approved' && !restaurant.is_active ? (
            <Badge color="gray" variant="light">
              {text.ownerPaused}
            </Badge>
          ) : null}
        </Group>
        {restaurant.admin_paused_reason !== null ? (
          <Alert color="orange" p="xs">
            {text.pausedBecause(restaurant.admin_paused_reason)}
          </Alert>
        ) : null}
        {restaurant.approval_status === 'rejected' ? (
          <Alert color="red" p="xs">
            {text.rejectionReason(restaurant.rejection_reason ?? '')}
          </Alert>
        ) : null}
        {restaurant.description ? <Text size="sm">{restaurant.description}</Text> : null}
        <Pictures restaurant={restaurant} />
        <dl className={classes.facts}>
          <dt>{text.owner}</dt>
          <dd>{owner}</dd>
          <dt>{text.address}</dt>
          <dd>
            {restaurant.address}{' '}
            <Anchor href={mapLink(restaurant)} target="_blank" rel="noopener noreferrer">
              {text.map}
            </Anchor>
          </dd>
          <dt>{text.phone}</dt>
          <dd>
            <Anchor href={`tel:${restaurant.phone}`}>{restaurant.phone}</Anchor>
          </dd>
          <dt>{text.email}</dt>
          <dd>
            <Anchor href={`mailto:${restaurant.email}`}>{restaurant.email}</Anchor>
          </dd>
          <dt>{text.hours}</dt>
          <dd>
            <ul className={classes.hours}>
              {WEEKDAYS.map((day) => (
                <li key={day}>{formatDay(day, restaurant.opening_hours[day])}</li>
              ))}
            </ul>
          </dd>
        </dl>
        <Text size="xs" c="dimmed">
          {text.createdAt(formatDate(restaurant.created_at))}
          {restaurant.decided_at ? ` · ${text.decidedAt(formatDate(restaurant.decided_at))}` : ''}
        </Text>
        <Group gap="sm">{actions}</Group>
      </Stack>
    </Paper>
  );
}

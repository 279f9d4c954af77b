import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { staffRestaurantQuery } from '#src/api/staff-restaurant';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { StorePauseCard } from '#src/components/store-pause-card';
import { vi } from '#src/i18n/vi';
import { isOwner, session } from '#src/lib/session';
import { HoursEditor } from '../components/hours-editor';
import { PinEditor } from '../components/pin-editor';
import { RestaurantForm } from '../components/restaurant-form';
import { RestaurantStatus } from '../components/restaurant-status';
import { TeamCard } from '../components/team-card';

const text = vi.staffRestaurant;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What the server holds for the details form: a save that changes any of it starts it anew. */
function detailsKey(restaurant: StaffRestaurant): string {
  const { id, name, address, phone, email, description, cover_url, logo_url } = restaurant;
  const { delivery_radius_km, auto_accept } = restaurant;
  return JSON.stringify([
    id,
    name,
    address,
    phone,
    email,
    description,
    cover_url,
    logo_url,
    delivery_radius_km,
    auto_accept,
  ]);
}

/**
 * No restaurant yet (spec 2.18): an owner creates one here; a staff account cannot, its owner
 * links it (only owners create restaurants, design.md section 5).
 */
function NoRestaurant({ owner }: { owner: boolean }) {
  if (!owner) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text fw={500}>{text.staffNotLinked}</Text>
      </Paper>
    );
  }
  return (
    <Section title={text.createTitle}>
      <Text size="sm" c="dimmed">
        {text.createIntro}
      </Text>
      <RestaurantForm restaurant={null} />
    </Section>
  );
}

function Restaurant({ restaurant, owner }: { restaurant: StaffRestaurant; owner: boolean }) {
  return (
    <>
      <Section title={text.statusTitle}>
        <RestaurantStatus restaurant={restaurant} />
      </Section>
      <StorePauseCard restaurant={restaurant} />
      <Section title={text.detailsTitle}>
        <RestaurantForm key={detailsKey(restaurant)} restaurant={restaurant} />
      </Section>
      <Section title={vi.pinEditor.title}>
        <PinEditor key={`${restaurant.lat},${restaurant.lon}`} restaurant={restaurant} />
      </Section>
      <Section title={vi.hoursEditor.title}>
        {/* Starts anew from what the server saved (it may order the intervals its own way). */}
        <HoursEditor
          key={JSON.stringify(restaurant.opening_hours)}
          hours={restaurant.opening_hours}
        />
      </Section>
      {owner ? (
        <Section title={vi.team.title}>
          <TeamCard />
        </Section>
      ) : null}
    </>
  );
}

/** /staff/restaurant (spec 2.18). */
export function StaffRestaurantPage() {
  const { user } = useSnapshot(session);
  const owner = isOwner(user?.role);
  const { data, error, isPending, refetch } = useQuery(staffRestaurantQuery);

  let content;
  if (isPending) content = <ScreenLoading label={text.loading} />;
  else if (data === undefined) {
    content = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (data === null) content = <NoRestaurant owner={owner} />;
  else content = <Restaurant restaurant={data} owner={owner} />;

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      {content}
    </Stack>
  );
}

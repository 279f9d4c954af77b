import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { useParams } from 'react-router-dom';
import type { Restaurant } from '#contract/catalogue';
import { BackButton } from '#src/components/back-button';
import { RestaurantContact } from '#src/components/restaurant-contact';
import { ScreenError, ScreenLoading, ScreenNotFound } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import { locationStore } from '#src/lib/location';
import { parseRouteId } from '#src/lib/route-id';
import { closedNotice, outOfAreaNotice } from '#src/lib/store-state';
import { isNotFound, restaurantQueries } from '../api/get-restaurant';
import { RestaurantHeader } from '../components/restaurant-header';
import { RestaurantMenu } from '../components/restaurant-menu';
import { RestaurantReviews } from '../components/restaurant-reviews';
import classes from '../components/restaurant.module.css';
import { SimilarRestaurants } from '../components/similar-restaurants';
import { TopFoods } from '../components/top-foods';

const text = vi.restaurant;

function NotFound() {
  return <ScreenNotFound title={text.notFound} hint={text.notFoundHint} homeLabel={text.home} />;
}

function RestaurantInfo({ restaurant }: { restaurant: Restaurant }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Title id={titleId} order={2} size="h4" mb="sm">
        {text.info}
      </Title>
      <RestaurantContact
        address={restaurant.address}
        openingHours={restaurant.opening_hours}
        isOpenNow={restaurant.is_open_now}
        phone={restaurant.phone}
        email={restaurant.email}
      />
    </Paper>
  );
}

/**
 * Why the restaurant takes no order from this customer now: paused (until when), closed (until
 * when, if known), out of the delivery area. An inactive one says so in its header already.
 */
function useStoreNotices(restaurant: Restaurant): string[] {
  const { current: location } = useSnapshot(locationStore);
  if (!restaurant.is_active) return [];
  return [
    closedNotice(restaurant, vi.food.closedNow),
    outOfAreaNotice(restaurant, location),
  ].filter((notice): notice is string => notice !== null);
}

function RestaurantView({ restaurant }: { restaurant: Restaurant }) {
  const notices = useStoreNotices(restaurant);
  return (
    <Stack gap="lg">
      <RestaurantHeader restaurant={restaurant} />
      {notices.map((notice) => (
        <Text key={notice} role="note" fw={600} className={classes.storeNotice}>
          {notice}
        </Text>
      ))}
      <div className={classes.columns}>
        <RestaurantInfo restaurant={restaurant} />
        <TopFoods foods={restaurant.top_foods} />
      </div>
      <RestaurantMenu restaurantId={restaurant.id} blocked={notices.length > 0} />
      <RestaurantReviews reviews={restaurant.recent_reviews} />
      <SimilarRestaurants currentId={restaurant.id} />
    </Stack>
  );
}

function RestaurantDetail({ restaurantId }: { restaurantId: number }) {
  const restaurant = useQuery(restaurantQueries.detail(restaurantId));
  // A 404 wins over a copy restored from the cache: the restaurant is gone or hidden.
  if (isNotFound(restaurant.error)) return <NotFound />;
  if (restaurant.data) return <RestaurantView restaurant={restaurant.data} />;
  if (restaurant.isError) {
    return (
      <ScreenError
        title={text.loadFailed}
        error={restaurant.error}
        retryLabel={text.retry}
        onRetry={() => void restaurant.refetch()}
      />
    );
  }
  return <ScreenLoading label={text.loading} />;
}

/** /restaurant/{id} (spec 2.10). */
export function RestaurantPage() {
  const restaurantId = parseRouteId(useParams().id);
  return (
    <Stack gap="sm" maw={1200} mx="auto">
      <BackButton label={text.back} />
      {restaurantId === null ? (
        <NotFound />
      ) : (
        <RestaurantDetail key={restaurantId} restaurantId={restaurantId} />
      )}
    </Stack>
  );
}

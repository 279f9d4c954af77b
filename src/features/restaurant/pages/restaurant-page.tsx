import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import type { Restaurant } from '#contract/catalogue';
import { BackButton } from '#src/components/back-button';
import { RestaurantContact } from '#src/components/restaurant-contact';
import { ScreenError, ScreenLoading, ScreenNotFound } from '#src/components/screen-states';
import { vi } from '#src/i18n/vi';
import { parseRouteId } from '#src/lib/route-id';
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

function RestaurantView({ restaurant }: { restaurant: Restaurant }) {
  return (
    <Stack gap="lg">
      <RestaurantHeader restaurant={restaurant} />
      <div className={classes.columns}>
        <RestaurantInfo restaurant={restaurant} />
        <TopFoods foods={restaurant.top_foods} />
      </div>
      <RestaurantMenu restaurantId={restaurant.id} />
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

import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { createSearchParams, Link, useParams } from 'react-router-dom';
import type { Food } from '#contract/catalogue';
import { foodQueries, isNotFound } from '#src/api/food';
import { BackButton } from '#src/components/back-button';
import { CoverImage } from '#src/components/cover-image';
import { FavoriteButton } from '#src/components/favorite-button';
import { RatingSummary } from '#src/components/rating-stars';
import { ScreenError, ScreenLoading, ScreenNotFound } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { parseRouteId } from '#src/lib/route-id';
import classes from '../components/food.module.css';
import { FoodRestaurantCard } from '../components/food-restaurant-card';
import { FoodReviews } from '../components/food-reviews';
import { OrderBox } from '../components/order-box';
import { ToppingList } from '../components/topping-list';

const text = vi.food;

function NotFound() {
  return <ScreenNotFound title={text.notFound} hint={text.notFoundHint} homeLabel={text.home} />;
}

/** Spec 2.9: a category badge searches for that category. */
function categorySearch(category: string): string {
  return `${paths.search}?${createSearchParams({ q: category }).toString()}`;
}

function FoodView({ food }: { food: Food }) {
  const description = food.description.trim();
  return (
    <Stack gap="lg">
      <div className={classes.top}>
        <CoverImage
          src={food.image_url}
          alt={food.name}
          ratio={4 / 3}
          priority
          className={classes.hero}
        />
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="center" justify="space-between">
            <Title order={1} size="h2" className={classes.name}>
              {food.name}
            </Title>
            <FavoriteButton kind="foods" id={food.id} />
          </Group>
          <RatingSummary rating={food.rating} reviewCount={food.review_count} />
          {food.categories.length > 0 ? (
            <nav aria-label={text.categories}>
              <ul className={classes.categories}>
                {food.categories.map((category) => (
                  <li key={category}>
                    <Badge
                      component={Link}
                      to={categorySearch(category)}
                      variant="light"
                      radius="sm"
                      tt="none"
                      className={classes.category}
                    >
                      {category}
                    </Badge>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <Text className={classes.price}>
            <VisuallyHidden>{text.price}: </VisuallyHidden>
            {formatVnd(food.price)}
          </Text>
          {description ? <Text className={classes.description}>{description}</Text> : null}
          <OrderBox food={food} />
        </Stack>
      </div>
      <ToppingList toppings={food.toppings} />
      <FoodRestaurantCard restaurant={food.restaurant} />
      <FoodReviews foodId={food.id} />
    </Stack>
  );
}

function FoodDetail({ foodId }: { foodId: number }) {
  const food = useQuery(foodQueries.detail(foodId));
  // The answer arrives as a blocking update (the query store is read synchronously); deferred,
  // the whole screen it brings renders in slices instead, as one long task no longer, while
  // the loading state stays. A dish already cached on the first render shows at once.
  const data = useDeferredValue(food.data);
  // A 404 wins over a copy restored from the cache: the dish is gone, so it is not shown.
  if (isNotFound(food.error)) return <NotFound />;
  if (data) return <FoodView food={data} />;
  if (food.isError && !food.data) {
    return (
      <ScreenError
        title={text.loadFailed}
        error={food.error}
        retryLabel={text.retry}
        onRetry={() => void food.refetch()}
      />
    );
  }
  return <ScreenLoading label={text.loading} />;
}

/** /food/{id} (spec 2.9). */
export function FoodPage() {
  const foodId = parseRouteId(useParams().id);
  return (
    <Stack gap="sm" maw={1040} mx="auto">
      <BackButton label={text.back} />
      {foodId === null ? <NotFound /> : <FoodDetail key={foodId} foodId={foodId} />}
    </Stack>
  );
}

import { Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { RestaurantSummary } from '#contract/catalogue';
import { CoverImage } from '#src/components/cover-image';
import { RatingSummary } from '#src/components/rating-stars';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatDistance } from '#src/lib/format';
import { locationStore } from '#src/lib/location';
import { pickSimilar, similarRestaurantQueries } from '../api/get-similar-restaurants';
import classes from './restaurant.module.css';

const text = vi.restaurant;

function SimilarCard({
  restaurant,
  showDistance,
}: {
  restaurant: RestaurantSummary;
  showDistance: boolean;
}) {
  return (
    <article className={classes.similarCard}>
      <CoverImage src={restaurant.image_url} alt="" ratio={16 / 9} />
      <div className={classes.similarBody}>
        <Title order={3} size="h5" className={classes.wrap}>
          <Link
            to={generatePath(paths.restaurant, { id: String(restaurant.id) })}
            className={classes.stretched}
          >
            {restaurant.name}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {restaurant.address}
        </Text>
        <div className={classes.similarMeta}>
          <RatingSummary rating={restaurant.rating} reviewCount={restaurant.review_count} />
          {showDistance ? (
            <Text span size="xs" c="dimmed">
              {formatDistance(restaurant.distance_km)}
            </Text>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * Spec 2.10: up to 3 other restaurants out of 4 random ones, each to /restaurant/{id}. They are
 * a suggestion: while they load, or if they cannot, the section simply is not there.
 */
export function SimilarRestaurants({ currentId }: { currentId: number }) {
  const titleId = useId();
  const { current: location } = useSnapshot(locationStore);
  const near = location ? { lat: location.lat, lon: location.lon } : null;
  const similar = useQuery({
    ...similarRestaurantQueries.random(near),
    select: (restaurants) => pickSimilar(restaurants, currentId),
  });
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h3" mb="sm">
        {text.similar}
      </Title>
      <ul className={classes.similarGrid}>
        {similar.data.map((restaurant) => (
          <li key={restaurant.id}>
            <SimilarCard restaurant={restaurant} showDistance={near !== null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

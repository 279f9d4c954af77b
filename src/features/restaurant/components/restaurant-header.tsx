import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Text, Title } from '@mantine/core';
import type { Restaurant } from '#contract/catalogue';
import { CoverImage } from '#src/components/cover-image';
import { FavoriteButton } from '#src/components/favorite-button';
import { RatingSummary } from '#src/components/rating-stars';
import { vi } from '#src/i18n/vi';
import classes from './restaurant.module.css';

const text = vi.restaurant;

/**
 * The top of spec 2.10: the cover as a banner with the logo over its edge (both in boxes of
 * fixed size, so nothing moves as they load), the name, the rating with one decimal and the
 * review count, the badges for dishes, completed orders and active state, and the description.
 */
export function RestaurantHeader({ restaurant }: { restaurant: Restaurant }) {
  const description = restaurant.description.trim();
  return (
    <header className={classes.header}>
      <div className={classes.bannerWrap}>
        {/* The name follows as the heading: both pictures are decoration beside it. */}
        <CoverImage
          src={restaurant.cover_url ?? restaurant.image_url}
          alt=""
          width={1200}
          height={400}
          priority
          className={classes.banner}
        />
        <CoverImage
          src={restaurant.logo_url ?? restaurant.image_url}
          alt=""
          ratio={1}
          width={96}
          height={96}
          priority
          className={classes.logo}
        />
      </div>
      <div className={classes.identity}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Title order={1} size="h2" className={classes.wrap}>
            {restaurant.name}
          </Title>
          <FavoriteButton kind="restaurants" id={restaurant.id} />
        </Group>
        <RatingSummary
          rating={restaurant.rating ?? restaurant.avg_rating}
          reviewCount={restaurant.review_count}
        />
        <ul className={classes.badges}>
          <li>
            <Badge variant="light" radius="sm" tt="none">
              {text.foodCount(restaurant.food_count)}
            </Badge>
          </li>
          <li>
            <Badge variant="light" color="blue" radius="sm" tt="none">
              {text.completedOrders(restaurant.completed_orders)}
            </Badge>
          </li>
          <li>
            <Badge
              variant="filled"
              color={restaurant.is_active ? 'green' : 'gray.7'}
              radius="sm"
              tt="none"
            >
              {restaurant.is_active ? text.active : text.paused}
            </Badge>
          </li>
        </ul>
        {description ? <Text className={classes.description}>{description}</Text> : null}
      </div>
    </header>
  );
}

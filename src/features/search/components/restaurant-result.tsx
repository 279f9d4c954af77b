import '@mantine/core/styles/Badge.layer.css';
import { Badge, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { generatePath, Link } from 'react-router-dom';
import type { Dish, SearchRestaurant } from '#contract/catalogue';
import { CoverImage } from '#src/components/cover-image';
import { DishCard } from '#src/components/dish-card';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatDistance } from '#src/lib/format';
import { cardClosedNotice } from '#src/lib/store-state';
import { IconMapPin } from '#src/components/action-icons';
import classes from './search.module.css';

const text = vi.search;

interface RestaurantResultProps {
  restaurant: SearchRestaurant;
  /** The add-to-cart button of each matching dish (spec 2.8); the card drops it when sold out. */
  foodAction?: (food: Dish) => ReactNode;
}

/**
 * One restaurant of the results (spec 2.8): picture, name, address and 'Cách …', leading to
 * /restaurant/{id}; below it, its dishes that match, in a row that scrolls sideways, each
 * leading to /food/{id}. The dishes leave out the restaurant and distance the card already says.
 */
export function RestaurantResult({ restaurant, foodAction }: RestaurantResultProps) {
  const titleId = useId();
  const foods = restaurant.searched_foods;
  return (
    <article className={classes.result} aria-labelledby={titleId}>
      <Link
        to={generatePath(paths.restaurant, { id: String(restaurant.id) })}
        className={classes.restaurantLink}
      >
        <CoverImage
          src={restaurant.image_url}
          alt=""
          ratio={1}
          className={classes.restaurantImage}
        />
        <div className={classes.restaurantText}>
          <h2 id={titleId} className={classes.restaurantName}>
            {restaurant.name}
          </h2>
          {restaurant.is_active ? null : (
            <Badge color="gray" variant="light" size="sm">
              {text.paused}
            </Badge>
          )}
          <Text size="sm" c="dimmed" lineClamp={2}>
            {restaurant.address}
          </Text>
          <Text size="sm" className={classes.distance}>
            <IconMapPin size={16} />
            {text.distanceAway(formatDistance(restaurant.distance_km))}
          </Text>
        </div>
      </Link>
      {foods.length > 0 ? (
        <ul className={classes.foods} aria-label={text.matchingFoods(restaurant.name)}>
          {foods.map((food) => (
            <li key={food.id} className={classes.food}>
              <DishCard
                dish={{
                  id: food.id,
                  name: food.name,
                  price: food.price,
                  image_url: food.image_url,
                  available: food.available,
                  categories: food.categories,
                }}
                to={generatePath(paths.food, { id: String(food.id) })}
                headingLevel={3}
                notice={cardClosedNotice(food.restaurant)}
                action={foodAction?.(food)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

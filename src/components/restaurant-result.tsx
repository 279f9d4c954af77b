import '@mantine/core/styles/Badge.layer.css';
import { Badge, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { generatePath, Link } from 'react-router-dom';
import type { Dish, SearchRestaurant } from '#contract/catalogue';
import { paths } from '../config/paths';
import { vi } from '../i18n/vi';
import { formatDistance } from '../lib/format';
import { cardClosedNotice } from '../lib/store-state';
import { IconMapPin } from './action-icons';
import { CoverImage } from './cover-image';
import { DishCard } from './dish-card';
import { FavoriteButton } from './favorite-button';
import classes from './restaurant-result.module.css';

const text = vi.search;

interface RestaurantResultProps {
  restaurant: SearchRestaurant;
  /** The add-to-cart button of each matching dish (spec 2.8); the card drops it when sold out. */
  foodAction?: (food: Dish) => ReactNode;
  /** The restaurant's own heart, beside its name (the collection's restaurant tab). */
  favorite?: ReactNode;
}

/**
 * One restaurant of the search results (spec 2.8), and of the collection's restaurant tab:
 * picture, name, address and 'Cách …', leading to /restaurant/{id}; below it, its dishes (those
 * that match, or its best sellers), in a row that scrolls sideways, each leading to /food/{id}
 * with its heart. The dishes leave out the restaurant and distance the card already says.
 */
export function RestaurantResult({ restaurant, foodAction, favorite }: RestaurantResultProps) {
  const titleId = useId();
  const foods = restaurant.searched_foods;
  return (
    <article
      className={classes.result}
      aria-labelledby={titleId}
      data-with-favorite={favorite ? '' : undefined}
    >
      {favorite ? <div className={classes.favorite}>{favorite}</div> : null}
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
                favorite={<FavoriteButton kind="foods" id={food.id} entry={food} />}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

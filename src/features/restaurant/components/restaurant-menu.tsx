import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { generatePath } from 'react-router-dom';
import { AddToCartButton } from '#src/components/cart/add-to-cart-button';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { DishCard } from '#src/components/dish-card';
import { FavoriteButton } from '#src/components/favorite-button';
import { ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { cardClosedNotice } from '#src/lib/store-state';
import { restaurantMenuQueries } from '../api/get-restaurant-menu';
import classes from './restaurant.module.css';

const text = vi.restaurant;

/**
 * Spec 2.10: the menu, up to 20 dishes, each to /food/{id}. On the restaurant's own page its
 * name and the distance would repeat on every card, so the cards leave them out.
 */
export function RestaurantMenu({
  restaurantId,
  blocked = false,
}: {
  restaurantId: number;
  /** The page says why its restaurant takes no order now: every add button is disabled. */
  blocked?: boolean;
}) {
  const titleId = useId();
  const menu = useQuery(restaurantMenuQueries.list(restaurantId));
  const addToCart = useAddToCart();

  let body;
  if (menu.data) {
    body =
      menu.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.menuEmpty}
        </Text>
      ) : (
        <ul className={classes.menuGrid}>
          {menu.data.map((dish) => (
            <li key={dish.id}>
              <DishCard
                dish={{ ...dish, restaurant: null, distance_km: null }}
                to={generatePath(paths.food, { id: String(dish.id) })}
                notice={cardClosedNotice(dish.restaurant)}
                action={
                  addToCart.canAdd(dish) ? (
                    <AddToCartButton
                      dish={dish}
                      busy={addToCart.busyFoodId === dish.id}
                      onAdd={addToCart.start}
                      disabled={blocked}
                    />
                  ) : null
                }
                favorite={<FavoriteButton kind="foods" id={dish.id} entry={dish} />}
              />
            </li>
          ))}
        </ul>
      );
  } else if (menu.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {text.menuFailed}
        </Text>
        <Button size="xs" variant="light" onClick={() => void menu.refetch()}>
          {text.retry}
        </Button>
      </Stack>
    );
  } else {
    body = <ScreenLoading label={text.menuLoading} />;
  }

  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h3" mb="sm">
        {text.menu}
      </Title>
      {body}
      <AddToCartDialogs flow={addToCart} />
    </section>
  );
}

import '@mantine/core/styles/SimpleGrid.layer.css';
import { SimpleGrid } from '@mantine/core';
import { generatePath } from 'react-router-dom';
import type { Dish } from '#contract/catalogue';
import { AddToCartButton } from '#src/components/cart/add-to-cart-button';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { DishCard } from '#src/components/dish-card';
import { FavoriteButton } from '#src/components/favorite-button';
import { paths } from '#src/config/paths';
import { cardClosedNotice } from '#src/lib/store-state';

/** The home grid's columns: the saved dishes are the same cards. */
const COLUMNS = { base: 2, lg: 3, xl: 4 } as const;
const SPACING = { base: 'sm', sm: 'md' } as const;

/** The saved dishes as the home shows dishes: card, add-to-cart and the heart to unsave. */
export function FavoriteFoods({ foods }: { foods: readonly Dish[] }) {
  const addToCart = useAddToCart();
  return (
    <>
      <SimpleGrid cols={COLUMNS} spacing={SPACING}>
        {foods.map((dish) => (
          <DishCard
            key={dish.id}
            dish={dish}
            to={generatePath(paths.food, { id: String(dish.id) })}
            notice={cardClosedNotice(dish.restaurant)}
            action={
              addToCart.canAdd(dish) ? (
                <AddToCartButton
                  dish={dish}
                  busy={addToCart.busyFoodId === dish.id}
                  onAdd={addToCart.start}
                />
              ) : null
            }
            favorite={<FavoriteButton kind="foods" id={dish.id} entry={dish} />}
          />
        ))}
      </SimpleGrid>
      <AddToCartDialogs flow={addToCart} />
    </>
  );
}

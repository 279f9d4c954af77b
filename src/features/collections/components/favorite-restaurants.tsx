import type { SearchRestaurant } from '#contract/catalogue';
import { AddToCartButton } from '#src/components/cart/add-to-cart-button';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { FavoriteButton } from '#src/components/favorite-button';
import { RestaurantResult } from '#src/components/restaurant-result';
import classes from './collections.module.css';

/** The saved restaurants as the search shows them, with their best sellers and a heart each. */
export function FavoriteRestaurants({ restaurants }: { restaurants: readonly SearchRestaurant[] }) {
  const addToCart = useAddToCart();
  return (
    <>
      <ul className={classes.restaurants}>
        {restaurants.map((restaurant) => (
          <li key={restaurant.id}>
            <RestaurantResult
              restaurant={restaurant}
              favorite={<FavoriteButton kind="restaurants" id={restaurant.id} entry={restaurant} />}
              foodAction={(food) =>
                addToCart.canAdd(food) ? (
                  <AddToCartButton
                    dish={food}
                    busy={addToCart.busyFoodId === food.id}
                    onAdd={addToCart.start}
                  />
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      <AddToCartDialogs flow={addToCart} />
    </>
  );
}

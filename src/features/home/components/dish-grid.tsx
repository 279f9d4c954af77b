import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { generatePath } from 'react-router-dom';
import { AddToCartButton } from '#src/components/cart/add-to-cart-button';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { useAddToCart, type AddToCartFlow } from '#src/components/cart/use-add-to-cart';
import { DishCard } from '#src/components/dish-card';
import { FavoriteButton } from '#src/components/favorite-button';
import { InfiniteListFooter } from '#src/components/infinite-list-footer';
import type { Dish } from '#contract/catalogue';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';
import type { UserLocation } from '#src/lib/location';
import { cardClosedNotice } from '#src/lib/store-state';
import { dishQueries } from '../api/get-dishes';
import { uniqueById } from '#src/lib/unique-by-id';
import { isHydrated } from '#src/lib/use-hydrated';

const text = vi.home;

/** Spec 2.6: 2 columns on phones, 3 on large screens, 4 on extra large ones. */
const COLUMNS = { base: 2, lg: 3, xl: 4 } as const;
const SPACING = { base: 'sm', sm: 'md' } as const;
/** Pictures of the first row load eagerly: lazy loading them would delay the largest paint. */
const EAGER_PICTURES = 2;
const SKELETONS = 4;
/**
 * The cards the app's start draws in its first commit when the grid has its dishes at hand:
 * the phone's first screen. The installed app starts with the stored list (often several
 * pages); the rest come in a render right after, so the first dishes do not wait for all of
 * them. A later visit to the home draws them all at once, for the browser to scroll back.
 */
const FIRST_CARDS = 4;
let drawnSinceLoad = false;

function GridSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">{text.loading}</VisuallyHidden>
      <SimpleGrid cols={COLUMNS} spacing={SPACING} aria-hidden="true">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <div key={index}>
            <Skeleton radius="md" style={{ aspectRatio: '4 / 3' }} />
            <Skeleton height={14} mt="sm" width="80%" />
            <Skeleton height={12} mt={6} width="55%" />
          </div>
        ))}
      </SimpleGrid>
    </>
  );
}

interface DishCellProps {
  dish: Dish;
  priority: boolean;
  canAdd: boolean;
  busy: boolean;
  onAdd: AddToCartFlow['start'];
}

/**
 * One card of the grid, memoised: a page scrolled in, a cart change or a dialog opening would
 * otherwise render every card already shown again, hundreds of them after a long scroll on a
 * cheap phone.
 */
const DishCell = memo(function DishCell({ dish, priority, canAdd, busy, onAdd }: DishCellProps) {
  return (
    <DishCard
      dish={dish}
      to={generatePath(paths.food, { id: String(dish.id) })}
      priority={priority}
      notice={cardClosedNotice(dish.restaurant)}
      action={canAdd ? <AddToCartButton dish={dish} busy={busy} onAdd={onAdd} /> : null}
      favorite={<FavoriteButton kind="foods" id={dish.id} entry={dish} />}
    />
  );
});

/**
 * The nearest dishes, 10 a page, with the next page loading near the bottom (spec 2.6, section
 * 4 'Home list'). Spec section 8: a failed load is only logged.
 */
export function DishGrid({ location }: { location: Pick<UserLocation, 'lat' | 'lon'> }) {
  const query = useInfiniteQuery(dishQueries.nearby(location));
  const { data, error, isPending } = query;
  const addToCart = useAddToCart();

  useEffect(() => {
    if (error) console.warn('Could not load the dishes of the home page', error);
  }, [error]);

  const dishes = useMemo(() => uniqueById(data?.pages ?? []), [data]);
  // Never while hydrating: the server's HTML has every card.
  const [allShown, setAllShown] = useState(
    () => drawnSinceLoad || !isHydrated() || dishes.length <= FIRST_CARDS,
  );
  useEffect(() => {
    drawnSinceLoad = true;
    if (!allShown) startTransition(() => setAllShown(true));
  }, [allShown]);

  if (isPending) return <GridSkeleton />;
  // Spec section 8: a failed first page is only logged (no misleading 'no dishes' text).
  if (!data) return null;

  return (
    <>
      {dishes.length > 0 ? (
        <SimpleGrid cols={COLUMNS} spacing={SPACING}>
          {(allShown ? dishes : dishes.slice(0, FIRST_CARDS)).map((dish, index) => (
            <DishCell
              key={dish.id}
              dish={dish}
              priority={index < EAGER_PICTURES}
              canAdd={addToCart.canAdd(dish)}
              busy={addToCart.busyFoodId === dish.id}
              onAdd={addToCart.start}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {/* With cards still to come, the page's bottom is not where the next page belongs. */}
      {allShown ? (
        <InfiniteListFooter
          query={query}
          itemCount={dishes.length}
          loadingLabel={text.loading}
          endText={text.end}
          emptyText={text.empty}
        />
      ) : null}
      <AddToCartDialogs flow={addToCart} />
    </>
  );
}

import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Loader, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { generatePath } from 'react-router-dom';
import type { Dish } from '../../../../contract/catalogue';
import { paths } from '../../../app/routes';
import { DishCard } from '../../../components/dish-card';
import { vi } from '../../../i18n/vi';
import type { UserLocation } from '../../../lib/location';
import { dishQueries } from '../api/get-dishes';
import { useLoadMore } from '../use-load-more';
import classes from './home.module.css';

const text = vi.home;

/** Spec 2.6: 2 columns on phones, 3 on large screens, 4 on extra large ones. */
const COLUMNS = { base: 2, lg: 3, xl: 4 } as const;
const SPACING = { base: 'sm', sm: 'md' } as const;
/** Pictures of the first row load eagerly: lazy loading them would delay the largest paint. */
const EAGER_PICTURES = 2;
const SKELETONS = 4;

/** Offset paging can repeat a dish when the list shifts between two pages; show it once. */
function uniqueById(pages: readonly { items: Dish[] }[]): Dish[] {
  const seen = new Set<number>();
  const dishes: Dish[] = [];
  for (const page of pages) {
    for (const dish of page.items) {
      if (seen.has(dish.id)) continue;
      seen.add(dish.id);
      dishes.push(dish);
    }
  }
  return dishes;
}

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

/**
 * The nearest dishes, 10 a page, with the next page loading near the bottom (spec 2.6, section
 * 4 'Home list'). Spec section 8: a failed load is only logged.
 */
export function DishGrid({ location }: { location: Pick<UserLocation, 'lat' | 'lon'> }) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useInfiniteQuery(dishQueries.nearby(location));

  useEffect(() => {
    if (error) console.warn('Could not load the dishes of the home page', error);
  }, [error]);

  const dishes = useMemo(() => uniqueById(data?.pages ?? []), [data]);
  const sentinel = useLoadMore(
    () => {
      // fetchNextPage during a fetch would cancel and restart it.
      if (!isFetchingNextPage) void fetchNextPage();
    },
    { enabled: hasNextPage, resetKey: data?.pages.length },
  );

  if (isPending) return <GridSkeleton />;
  // Spec section 8: a failed first page is only logged (no misleading 'no dishes' text).
  if (!data) return null;

  return (
    <>
      {dishes.length > 0 ? (
        <SimpleGrid cols={COLUMNS} spacing={SPACING}>
          {dishes.map((dish, index) => (
            <DishCard
              key={dish.id}
              dish={dish}
              to={generatePath(paths.food, { id: String(dish.id) })}
              priority={index < EAGER_PICTURES}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {hasNextPage ? <div ref={sentinel} className={classes.sentinel} /> : null}
      <div className={classes.footer} role="status">
        {isFetchingNextPage ? (
          <>
            <Loader size="sm" />
            <VisuallyHidden>{text.loading}</VisuallyHidden>
          </>
        ) : null}
        {!hasNextPage && dishes.length === 0 ? <Text c="dimmed">{text.empty}</Text> : null}
        {!hasNextPage && dishes.length > 0 ? (
          <Text c="dimmed" size="sm">
            {text.end}
          </Text>
        ) : null}
      </div>
    </>
  );
}

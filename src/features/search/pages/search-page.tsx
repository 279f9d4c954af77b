import { Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { SearchRestaurant } from '#contract/catalogue';
import { vi } from '#src/i18n/vi';
import { locationStore } from '#src/lib/location';
import { useLoadMore } from '#src/lib/use-load-more';
import {
  searchQueries,
  toSearchRequest,
  type SearchRequest,
  type SearchResultPage,
} from '../api/search-restaurants';
import { RestaurantResult } from '#src/components/restaurant-result';
import { SearchBox } from '../components/search-box';
import { SearchFiltersPanel } from '../components/search-filters';
import { AddToCartButton } from '#src/components/cart/add-to-cart-button';
import { AddToCartDialogs } from '#src/components/cart/add-to-cart-dialogs';
import { useAddToCart } from '#src/components/cart/use-add-to-cart';
import { IconFilter } from '#src/components/action-icons';
import classes from '../components/search.module.css';
import { useScrollRestoration } from '../hooks/use-scroll-restoration';
import { useSearchDraft } from '../hooks/use-search-draft';
import {
  filtersFromUrl,
  filtersToUrl,
  hasPanelFilters,
  type SearchFilters,
} from '../search-params';

const text = vi.search;

interface Shown {
  request: SearchRequest;
  data: InfiniteData<SearchResultPage>;
}

/** Pages can overlap when the results change between two requests; each restaurant shows once. */
function restaurantsOf(data: InfiniteData<SearchResultPage>): SearchRestaurant[] {
  const seen = new Set<number>();
  return data.pages.flatMap((page) =>
    page.items.filter((restaurant) => !seen.has(restaurant.id) && seen.add(restaurant.id)),
  );
}

/**
 * Spec section 8: a failed search is only logged and leaves the list unchanged. The results on
 * screen are those of the current request once it has answered; until then (loading, or failed)
 * the last results that did arrive stay.
 */
function useShownResults(
  request: SearchRequest,
  data: InfiniteData<SearchResultPage> | undefined,
): Shown | null {
  const [last, setLast] = useState<Shown | null>(null);
  if (data && last?.data !== data) setLast({ request, data });
  return data ? { request, data } : last;
}

function Spinner() {
  return (
    <Center py="md" role="status">
      <Loader size="md" aria-hidden />
      <VisuallyHidden>{text.loading}</VisuallyHidden>
    </Center>
  );
}

/** /search (spec 2.8 and section 4 'Search'). */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL is the source of truth: the home screen sends /search?q=..., and the filters live
  // there too, so returning to a search finds it as it was left.
  const applied = useMemo(() => filtersFromUrl(searchParams), [searchParams]);
  const apply = useCallback(
    (filters: SearchFilters) => setSearchParams(filtersToUrl(filters), { replace: true }),
    [setSearchParams],
  );
  const draft = useSearchDraft(applied, apply);
  const [filtersOpen, setFiltersOpen] = useState(() => hasPanelFilters(applied));
  const panelId = useId();

  const { current: location } = useSnapshot(locationStore);
  const request = useMemo(() => toSearchRequest(applied, location), [applied, location]);
  const { data, error, fetchNextPage, hasNextPage, isFetching, isFetchingNextPage } =
    useInfiniteQuery(searchQueries.list(request));
  const shown = useShownResults(request, data);
  const addToCart = useAddToCart();

  useEffect(() => {
    if (error) console.warn('Search failed; the list stays as it was.', error);
  }, [error]);

  // Spec section 4: one request at a time (none while another runs), and none past the last page.
  useLoadMore(
    () => {
      if (!isFetching) void fetchNextPage({ cancelRefetch: false });
    },
    { enabled: data !== undefined && hasNextPage, resetKey: data },
  );
  useScrollRestoration(data !== undefined);

  const restaurants = shown ? restaurantsOf(shown.data) : [];
  const lastPage = shown?.data.pages.at(-1);
  const loadingNew = data === undefined && isFetching;
  const shownQuery = shown ? shown.request.q : request.q;
  const finished =
    shown !== null && !loadingNew && lastPage !== undefined && lastPage.page >= lastPage.totalPages;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <SearchBox value={draft.filters.q} onChange={draft.setText} onSubmit={draft.submit} />
      <div className={classes.toolbar}>
        <Button
          variant={filtersOpen ? 'light' : 'default'}
          radius="xl"
          leftSection={<IconFilter size={18} />}
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {text.filters}
        </Button>
      </div>
      {filtersOpen ? (
        <SearchFiltersPanel
          id={panelId}
          filters={draft.filters}
          onSortBy={draft.setSortBy}
          onPriceRange={draft.setPriceRange}
          onCategories={draft.setCategories}
        />
      ) : null}

      <header className={classes.heading}>
        <h1 className={classes.title}>
          {text.resultsTitle}
          {shownQuery ? (
            <span className={classes.query}> {text.resultsFor(shownQuery)}</span>
          ) : null}
        </h1>
        <Text size="sm" c="dimmed" aria-live="polite">
          {lastPage
            ? lastPage.totalExact
              ? text.restaurantCount(lastPage.total)
              : text.restaurantCountAtLeast(lastPage.total)
            : null}
        </Text>
      </header>

      {loadingNew ? <Spinner /> : null}
      {restaurants.length > 0 ? (
        <ul
          className={`${classes.results} ${loadingNew ? classes.stale : ''}`}
          aria-busy={loadingNew}
        >
          {restaurants.map((restaurant) => (
            <li key={restaurant.id}>
              <RestaurantResult
                restaurant={restaurant}
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
      ) : null}
      {isFetchingNextPage ? <Spinner /> : null}
      {finished ? (
        <Text className={classes.status} py="md">
          {restaurants.length === 0 ? text.empty : text.end}
        </Text>
      ) : null}
      <AddToCartDialogs flow={addToCart} />
    </Stack>
  );
}

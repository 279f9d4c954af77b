import { infiniteQueryOptions } from '@tanstack/react-query';
import type { SearchRestaurant } from '#contract/catalogue';
import { http, type ApiReply } from '#src/lib/http';
import type { UserLocation } from '#src/lib/location';
import {
  orderCategories,
  PRICE_MAX,
  PRICE_MIN,
  type SearchFilters,
  type SortBy,
} from '../search-params';

/** Spec sections 7.2 and 9: ten restaurants a page. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * Loaded pages stay fresh for 5 minutes and in memory for 30: coming back from a restaurant or
 * a dish shows the same pages at once, without asking again from page 1 (spec 2.8, scroll
 * position restored on return).
 */
export const SEARCH_STALE_MS = 5 * 60_000;
export const SEARCH_GC_MS = 30 * 60_000;

/** Everything of GET /api/search/ except the page: one value per distinct result list. */
export interface SearchRequest {
  lat?: number;
  lon?: number;
  q?: string;
  sort_by: SortBy;
  sort_order: 'asc';
  min_price?: number;
  max_price?: number;
  /** Category names, comma-joined. */
  categories?: string;
}

/**
 * Spec 7.2: lat and lon only when the location is known; spec section 5: min_price only above 0
 * and max_price only below 100000. A blank text is left out rather than sent empty.
 */
export function toSearchRequest(
  filters: SearchFilters,
  location: Pick<UserLocation, 'lat' | 'lon'> | null,
): SearchRequest {
  const request: SearchRequest = {
    sort_by: filters.sortBy,
    sort_order: 'asc',
  };
  if (location) {
    request.lat = location.lat;
    request.lon = location.lon;
  }
  const q = filters.q.trim();
  if (q) request.q = q;
  if (filters.minPrice > PRICE_MIN) request.min_price = filters.minPrice;
  if (filters.maxPrice < PRICE_MAX) request.max_price = filters.maxPrice;
  const categories = orderCategories(filters.categories);
  if (categories.length > 0) request.categories = categories.join(',');
  return request;
}

export interface SearchResultPage {
  /** The page asked for. */
  page: number;
  totalPages: number;
  /** Restaurants in the whole result, for the heading. */
  total: number;
  /** False when the server counted a large result only so far: `total` is then 'at least'. */
  totalExact: boolean;
  items: SearchRestaurant[];
}

interface SearchReplyData {
  items?: SearchRestaurant[];
  pages?: number;
  pagination?: { total?: number; total_exact?: boolean; total_pages?: number };
}

/** GET /api/search/ (spec 7.2); the parameters go in the order the spec lists them. */
export async function searchRestaurants(
  request: SearchRequest,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResultPage> {
  const searchParams = new URLSearchParams({
    page: String(page),
    per_page: String(SEARCH_PAGE_SIZE),
  });
  if (request.lat !== undefined && request.lon !== undefined) {
    searchParams.set('lat', String(request.lat));
    searchParams.set('lon', String(request.lon));
  }
  // Spec 7.2 names q without 'optional': a blank search sends it empty (the server lists all).
  searchParams.set('q', request.q ?? '');
  searchParams.set('sort_by', request.sort_by);
  searchParams.set('sort_order', request.sort_order);
  if (request.min_price !== undefined) searchParams.set('min_price', String(request.min_price));
  if (request.max_price !== undefined) searchParams.set('max_price', String(request.max_price));
  if (request.categories !== undefined) searchParams.set('categories', request.categories);

  const reply = await http
    .get('search/', { searchParams, signal })
    .json<ApiReply<SearchReplyData>>();
  const data = reply.data;
  if (!data || !Array.isArray(data.items)) throw new Error('Search reply without data.items');
  // Spec 7.2: the page count is data.pages, or pagination.total_pages.
  const totalPages = data.pages ?? data.pagination?.total_pages ?? page;
  return {
    page,
    totalPages,
    total: data.pagination?.total ?? data.items.length,
    totalExact: data.pagination?.total_exact ?? true,
    items: data.items,
  };
}

export const searchQueries = {
  all: () => ['search'] as const,
  /**
   * One cache entry per distinct request, holding its loaded pages: an identical request is
   * answered from it instead of being sent again (spec section 4).
   */
  list: (request: SearchRequest) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all(), 'list', request] as const,
      queryFn: ({ pageParam, signal }) => searchRestaurants(request, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: SearchResultPage) =>
        last.page < last.totalPages ? last.page + 1 : undefined,
      staleTime: SEARCH_STALE_MS,
      gcTime: SEARCH_GC_MS,
    }),
};

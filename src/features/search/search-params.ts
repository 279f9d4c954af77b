import { vi } from '#src/i18n/vi';

/**
 * What /search shows, kept in the page URL so a reload, a shared link and the back button all
 * come back to the same results (spec 2.8: the query `q` arrives in the URL from the home
 * screen). Only values that differ from the defaults appear in the URL, so one set of filters
 * has one URL: the key of its cached pages and of its saved scroll position.
 */

export const SORT_OPTIONS = ['distance', 'price'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

/** Spec sections 5 and 9: the price slider. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 100_000;
export const PRICE_STEP = 1_000;

/** Spec section 9: the six categories of the filter, in the spec's order. */
export const FILTER_CATEGORIES: readonly string[] = vi.search.categoryNames;

/** Spec sections 4 and 9: typed text waits 500 ms, every other change 400 ms. */
export const TEXT_PAUSE_MS = 500;
export const FILTER_PAUSE_MS = 400;

export interface SearchFilters {
  /** As typed in the box; trimmed when applied. */
  q: string;
  sortBy: SortBy;
  minPrice: number;
  maxPrice: number;
  /** Always in FILTER_CATEGORIES order, so the same choice makes the same request. */
  categories: string[];
}

export const DEFAULT_FILTERS: SearchFilters = {
  q: '',
  sortBy: 'distance',
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
  categories: [],
};

const isSortBy = (value: string | null): value is SortBy =>
  SORT_OPTIONS.some((option) => option === value);

/** A whole number of steps inside the slider's range, or the fallback. */
function priceFrom(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const price = Number(value);
  if (!Number.isFinite(price)) return fallback;
  const stepped = Math.round(price / PRICE_STEP) * PRICE_STEP;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, stepped));
}

/** Keeps known categories only, in the filter's order. */
export function orderCategories(names: Iterable<string>): string[] {
  const chosen = new Set(names);
  return FILTER_CATEGORIES.filter((name) => chosen.has(name));
}

/** Reads the filters from the page URL; anything unknown or out of range falls back to the default. */
export function filtersFromUrl(params: URLSearchParams): SearchFilters {
  const sortBy = params.get('sort_by');
  let minPrice = priceFrom(params.get('min_price'), PRICE_MIN);
  let maxPrice = priceFrom(params.get('max_price'), PRICE_MAX);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get('q') ?? '').trim(),
    sortBy: isSortBy(sortBy) ? sortBy : DEFAULT_FILTERS.sortBy,
    minPrice,
    maxPrice,
    categories: orderCategories((params.get('categories') ?? '').split(',')),
  };
}

/**
 * The page URL's query for these filters. Spec section 5: min_price only above 0 and max_price
 * only below 100000; the URL follows the same rule as the request.
 */
export function filtersToUrl(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.sortBy !== DEFAULT_FILTERS.sortBy) params.set('sort_by', filters.sortBy);
  if (filters.minPrice > PRICE_MIN) params.set('min_price', String(filters.minPrice));
  if (filters.maxPrice < PRICE_MAX) params.set('max_price', String(filters.maxPrice));
  const categories = orderCategories(filters.categories);
  if (categories.length > 0) params.set('categories', categories.join(','));
  return params;
}

/** One string per distinct search: equal keys mean an identical request. */
export function filtersKey(filters: SearchFilters): string {
  return filtersToUrl(filters).toString();
}

/** True when a filter of the panel (not the text) differs from its default. */
export function hasPanelFilters(filters: SearchFilters): boolean {
  return (
    filters.sortBy !== DEFAULT_FILTERS.sortBy ||
    filters.minPrice > PRICE_MIN ||
    filters.maxPrice < PRICE_MAX ||
    filters.categories.length > 0
  );
}

/** Page Up and Page Down move a thumb ten steps, as the ARIA slider pattern suggests. */
const PAGE_STEPS = 10;

/**
 * Mantine's RangeSlider moves its thumbs with the arrow keys only; this adds Home, End, Page Up
 * and Page Down of the ARIA slider pattern, so 0 to 100.000 ₫ is not a hundred key presses.
 * Returns null for any other key.
 */
export function priceRangeAfterKey(
  key: string,
  thumb: 0 | 1,
  [min, max]: [number, number],
): [number, number] | null {
  const page = PAGE_STEPS * PRICE_STEP;
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  const moveTo = (value: number): [number, number] =>
    thumb === 0
      ? [clamp(value, PRICE_MIN, max - PRICE_STEP), max]
      : [min, clamp(value, min + PRICE_STEP, PRICE_MAX)];
  const current = thumb === 0 ? min : max;
  switch (key) {
    case 'Home':
      return moveTo(PRICE_MIN);
    case 'End':
      return moveTo(PRICE_MAX);
    case 'PageUp':
      return moveTo(current + page);
    case 'PageDown':
      return moveTo(current - page);
    default:
      return null;
  }
}

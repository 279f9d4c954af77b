import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import { Chip, NativeSelect, Paper, RangeSlider, Stack, Text } from '@mantine/core';
import { useId, type KeyboardEvent } from 'react';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import {
  FILTER_CATEGORIES,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  priceRangeAfterKey,
  SORT_OPTIONS,
  type SearchFilters,
  type SortBy,
} from '../search-params';
import classes from './search.module.css';

const text = vi.search;

const sortLabels: Record<SortBy, string> = {
  distance: text.sortDistance,
  price: text.sortPrice,
};
const sortData = SORT_OPTIONS.map((value) => ({ value, label: sortLabels[value] }));
const isSortBy = (value: string): value is SortBy => SORT_OPTIONS.some((sort) => sort === value);

interface SearchFiltersProps {
  id: string;
  filters: SearchFilters;
  onSortBy: (sortBy: SortBy) => void;
  onPriceRange: (range: [number, number]) => void;
  onCategories: (categories: string[]) => void;
}

/**
 * The panel behind 'Bộ lọc' (spec 2.8): sort, price range and categories. A native select for
 * the sort, so a phone opens its own picker; the slider's thumbs move by keyboard too (arrows,
 * Page Up/Down, Home, End) and say their price to screen readers.
 */
export function SearchFiltersPanel({
  id,
  filters,
  onSortBy,
  onPriceRange,
  onCategories,
}: SearchFiltersProps) {
  const priceLabelId = useId();
  const onPriceKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const thumbs = [...event.currentTarget.querySelectorAll('[role="slider"]')];
    const index = thumbs.indexOf(event.target as Element);
    if (index !== 0 && index !== 1) return;
    const range = priceRangeAfterKey(event.key, index, [filters.minPrice, filters.maxPrice]);
    if (!range) return;
    event.preventDefault();
    onPriceRange(range);
  };
  return (
    <Paper id={id} withBorder radius="lg" p="md">
      <Stack gap="lg">
        <NativeSelect
          label={text.sortBy}
          data={sortData}
          value={filters.sortBy}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isSortBy(value)) onSortBy(value);
          }}
          className={classes.sort}
        />
        <div role="group" aria-labelledby={priceLabelId} onKeyDown={onPriceKeyDown}>
          <div className={classes.priceHeader}>
            <Text id={priceLabelId} size="sm" fw={500}>
              {text.priceRange}
            </Text>
            <Text size="sm" c="dimmed">
              {text.priceBetween(formatVnd(filters.minPrice), formatVnd(filters.maxPrice))}
            </Text>
          </div>
          <RangeSlider
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            minRange={PRICE_STEP}
            value={[filters.minPrice, filters.maxPrice]}
            onChange={onPriceRange}
            label={formatVnd}
            thumbFromLabel={text.priceFrom}
            thumbToLabel={text.priceTo}
            thumbValueText={formatVnd}
            mt="xs"
            mx="xs"
          />
        </div>
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{text.categories}</legend>
          <Chip.Group multiple value={filters.categories} onChange={onCategories}>
            <div className={classes.chips}>
              {FILTER_CATEGORIES.map((name) => (
                <Chip key={name} value={name} size="sm" variant="outline">
                  {name}
                </Chip>
              ))}
            </div>
          </Chip.Group>
        </fieldset>
      </Stack>
    </Paper>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FILTER_PAUSE_MS,
  filtersKey,
  orderCategories,
  TEXT_PAUSE_MS,
  type SearchFilters,
  type SortBy,
} from '../search-params';

type Change = 'text' | 'filter';

export interface SearchDraft {
  /** What the controls show: the applied filters plus the changes still waiting for their pause. */
  filters: SearchFilters;
  setText: (q: string) => void;
  setSortBy: (sortBy: SortBy) => void;
  setPriceRange: (range: [number, number]) => void;
  setCategories: (categories: string[]) => void;
  /** Enter or the search button: applies the draft now, without waiting for the pause. */
  submit: () => void;
}

/**
 * The controls of /search edit a draft; the draft is applied (handed to `apply`, which writes
 * the URL) once the user pauses: 500 ms after the last keystroke in the box, 400 ms after the
 * last change of sort, price or category (spec section 4). Every change starts the pause anew,
 * so a burst of changes makes one request, and a draft equal to what is applied makes none.
 */
export function useSearchDraft(
  applied: SearchFilters,
  apply: (filters: SearchFilters) => void,
): SearchDraft {
  const appliedKey = filtersKey(applied);
  const [draft, setDraft] = useState(applied);
  const [lastChange, setLastChange] = useState<Change>('filter');
  // The applied filters change when the URL does: by our own apply, or from outside (the back
  // button, a link). Only the latter replaces the draft; after our own, the draft may already
  // hold a keystroke typed while the URL was being updated.
  const [seenKey, setSeenKey] = useState(appliedKey);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    if (appliedKey === ownKey) setOwnKey(null);
    else setDraft(applied);
  }

  const timer = useRef<number | undefined>(undefined);
  const draftKey = filtersKey(draft);

  const commit = useCallback(
    (filters: SearchFilters) => {
      window.clearTimeout(timer.current);
      const key = filtersKey(filters);
      if (key === appliedKey) return;
      setOwnKey(key);
      apply(filters);
    },
    [appliedKey, apply],
  );

  useEffect(() => {
    if (draftKey === appliedKey) return;
    timer.current = window.setTimeout(
      () => commit(draft),
      lastChange === 'text' ? TEXT_PAUSE_MS : FILTER_PAUSE_MS,
    );
    return () => window.clearTimeout(timer.current);
    // `draft` rather than only its key: a keystroke that leaves the key as it was (a trailing
    // space) still starts the pause anew.
  }, [draft, draftKey, appliedKey, lastChange, commit]);

  const change = useCallback((kind: Change, update: Partial<SearchFilters>) => {
    setLastChange(kind);
    setDraft((current) => ({ ...current, ...update }));
  }, []);

  return {
    filters: draft,
    setText: useCallback((q: string) => change('text', { q }), [change]),
    setSortBy: useCallback((sortBy: SortBy) => change('filter', { sortBy }), [change]),
    setPriceRange: useCallback(
      ([minPrice, maxPrice]: [number, number]) => change('filter', { minPrice, maxPrice }),
      [change],
    ),
    setCategories: useCallback(
      (categories: string[]) => change('filter', { categories: orderCategories(categories) }),
      [change],
    ),
    submit: useCallback(() => commit(draft), [commit, draft]),
  };
}

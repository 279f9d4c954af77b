import { Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { IconSearch } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import { SEARCH_MAX, SEARCH_PAUSE_MS } from '../review-params';
import classes from './staff-reviews.module.css';

const text = vi.staffReviews;

interface ReviewSearchProps {
  /** The search in effect (from the address). */
  value: string;
  onSearch: (q: string) => void;
}

/** Searches dish names, customer names and comments: after a pause, or at once on Enter. */
export function ReviewSearch({ value, onSearch }: ReviewSearchProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The address changed under the box (back button): show what is searched now, unless the
  // box already says the same thing with spaces still being typed around it.
  if (value !== applied) {
    setApplied(value);
    if (draft.trim() !== value) setDraft(value);
  }
  const searchLater = useDebouncedCallback((q: string) => onSearch(q.trim()), SEARCH_PAUSE_MS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchLater.cancel();
    onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} className={classes.search}>
      <TextInput
        type="search"
        aria-label={text.search}
        placeholder={text.searchPlaceholder}
        value={draft}
        maxLength={SEARCH_MAX}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setDraft(next);
          searchLater(next);
        }}
        enterKeyHint="search"
        autoComplete="off"
        size="md"
        leftSection={<IconSearch size={18} />}
        className={classes.searchInput}
      />
      <Button type="submit" size="md">
        {text.searchSubmit}
      </Button>
    </form>
  );
}

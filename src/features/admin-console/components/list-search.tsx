import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import classes from './admin.module.css';

/** design.md section 4 caps search text at 200 characters; the server refuses longer. */
export const SEARCH_MAX = 200;

/** As the other searches of the app (spec section 9): typed text applies after a 500 ms pause. */
export const SEARCH_PAUSE_MS = 500;

interface ListSearchProps {
  label: string;
  placeholder: string;
  /** The search in effect (from the address). */
  value: string;
  onSearch: (q: string) => void;
}

/** A list's search box: applied after a pause in typing, or at once on Enter. */
export function ListSearch({ label, placeholder, value, onSearch }: ListSearchProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The address changed under the box (back button): show what is searched now.
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
        label={label}
        placeholder={placeholder}
        value={draft}
        maxLength={SEARCH_MAX}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setDraft(next);
          searchLater(next);
        }}
        enterKeyHint="search"
        autoComplete="off"
        className={classes.searchInput}
      />
    </form>
  );
}

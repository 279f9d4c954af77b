import { Button, TextInput, type MantineSize } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState, type FormEvent } from 'react';
import { IconSearch } from '#src/components/action-icons';
import classes from './list-search.module.css';

/** The pause of every search box of the app (spec section 4): 500 ms after the last keystroke. */
export const SEARCH_PAUSE_MS = 500;

interface ListSearchProps {
  /** The search in effect (from the address). */
  value: string;
  /**
   * Called with the trimmed text after the pause (unless the address changed meanwhile), or at
   * once on Enter; never with `value`.
   */
  onSearch: (q: string) => void;
  /** Names the box: shown above it, or only to assistive technology with `hideLabel`. */
  label: string;
  /** For a screen whose heading and placeholder already say what the box is for. */
  hideLabel?: boolean;
  placeholder: string;
  size?: MantineSize;
  /** The cap the server puts on this search, when it has one. */
  maxLength?: number;
  /** A magnifier at the start of the box. */
  withIcon?: boolean;
  /** The text of a submit button after the box; without it, Enter alone submits. */
  submitLabel?: string;
  /** Names and emails are not words: off keeps the browser from underlining them. */
  spellCheck?: boolean;
}

/** A list's search box kept in the address: applied after a pause in typing, or at once on Enter. */
export function ListSearch({
  value,
  onSearch,
  label,
  hideLabel = false,
  placeholder,
  size,
  maxLength,
  withIcon = false,
  submitLabel,
  spellCheck,
}: ListSearchProps) {
  const [draft, setDraft] = useState(value);
  // The address changes by our own search or from outside (back button, a link): only a
  // change that does not match the box replaces what is typed there, so spaces still being
  // typed around the same words stay.
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (draft.trim() !== value) setDraft(value);
  }
  const apply = (next: string) => {
    if (next.trim() !== value) onSearch(next.trim());
  };
  // The address the pause began on. A link pressed during the pause changes the address at
  // once, while the router keeps this screen drawn until the next one has loaded: a search
  // applied then would replace the page the user chose with this list.
  const pausedAt = useRef('');
  const applyAfterPause = useDebouncedCallback(
    (next: string) => {
      if (window.location.href === pausedAt.current) apply(next);
    },
    { delay: SEARCH_PAUSE_MS },
  );
  const applyLater = (next: string) => {
    pausedAt.current = window.location.href;
    applyAfterPause(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyAfterPause.cancel();
    apply(draft);
  };

  return (
    <form role="search" onSubmit={submit} className={classes.search}>
      <TextInput
        type="search"
        size={size}
        label={hideLabel ? undefined : label}
        aria-label={hideLabel ? label : undefined}
        placeholder={placeholder}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setDraft(next);
          applyLater(next);
        }}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={spellCheck}
        leftSection={withIcon ? <IconSearch size={18} /> : undefined}
        className={classes.searchInput}
      />
      {submitLabel ? (
        <Button type="submit" size={size}>
          {submitLabel}
        </Button>
      ) : null}
    </form>
  );
}

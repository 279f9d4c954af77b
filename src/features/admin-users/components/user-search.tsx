import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { IconSearch } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';

const text = vi.adminUsers;

/** The same pause as the other search boxes (spec section 4, 500 ms after the last keystroke). */
export const USER_SEARCH_PAUSE_MS = 500;

interface UserSearchProps {
  /** The text searched for now (from the address). */
  value: string;
  /** Called with the trimmed text after the pause, or at once on Enter. */
  onSearch: (q: string) => void;
}

/** 'Tìm người dùng': typing searches after a pause, Enter at once. */
export function UserSearch({ value, onSearch }: UserSearchProps) {
  const [draft, setDraft] = useState(value);
  // The address changes by our own search or from outside (back button, a link): only a
  // change that does not match the box replaces what is typed there.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }
  const search = useDebouncedCallback(
    (next: string) => {
      if (next.trim() !== value) onSearch(next.trim());
    },
    { delay: USER_SEARCH_PAUSE_MS },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.cancel();
    if (draft.trim() !== value) onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        type="search"
        size="md"
        label={text.search}
        placeholder={text.searchPlaceholder}
        value={draft}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setDraft(next);
          search(next);
        }}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={18} />}
      />
    </form>
  );
}

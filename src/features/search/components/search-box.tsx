import { Button, TextInput } from '@mantine/core';
import { useRef, type FormEvent } from 'react';
import { vi } from '#src/i18n/vi';
import { IconSearch } from '#src/components/action-icons';
import classes from './search.module.css';

const text = vi.search;

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the button (spec 2.8). */
  onSubmit: () => void;
}

/** The search box of spec 2.8: typing searches after a pause, Enter or the button at once. */
export function SearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // On a phone this closes the on-screen keyboard, which would otherwise hide the results.
    input.current?.blur();
    onSubmit();
  };
  return (
    <form role="search" onSubmit={submit} className={classes.searchForm}>
      <TextInput
        ref={input}
        type="search"
        aria-label={text.inputLabel}
        placeholder={text.placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        enterKeyHint="search"
        autoComplete="off"
        radius="xl"
        leftSection={<IconSearch size={18} />}
        className={classes.searchInput}
      />
      <Button type="submit" radius="xl">
        {text.submit}
      </Button>
    </form>
  );
}

import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { vi } from '#src/i18n/first-screen';
import { searchPath } from '../search-path';
import classes from './home.module.css';
import { IconMapPin, IconSearch } from '#src/components/action-icons';

const text = vi.home;

/** Spec 2.6: the sticky search box and the Address button. */
export function HomeSearchBar({ onAddress }: { onAddress: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchPath(query));
  };

  return (
    <div className={classes.searchBar}>
      <form role="search" onSubmit={submit} className={classes.searchForm}>
        <TextInput
          type="search"
          aria-label={text.search}
          placeholder={text.searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          enterKeyHint="search"
          radius="xl"
          leftSection={<IconSearch size={18} />}
        />
      </form>
      <Button
        variant="light"
        radius="xl"
        onClick={onAddress}
        leftSection={<IconMapPin size={18} />}
      >
        {text.addressButton}
      </Button>
    </div>
  );
}

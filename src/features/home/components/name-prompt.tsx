import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { IconUser } from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';
import { useHydrated } from '#src/lib/use-hydrated';
import classes from './home.module.css';

const text = vi.home.namePrompt;

/** Put away for the rest of this visit: the tab's session storage, read only in the browser. */
const DISMISSED_KEY = 'namePromptDismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * A customer who signed in by phone and never gave a name is greeted and asked for one: the
 * kitchen and the rider call them by it. Shown only while the name is missing (the caller
 * decides), and 'Để sau' puts it away for this visit.
 */
export function NamePrompt() {
  // The server cannot read the tab's storage: the hydrating render draws the card as the server
  // did, and a card put away earlier in this visit goes right after.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (hydrated && readDismissed())) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable: the card still goes for as long as this screen is open.
    }
    setDismissed(true);
  };
  return (
    <Paper
      component="section"
      aria-labelledby="home-name-prompt"
      withBorder
      radius="md"
      p="sm"
      className={classes.namePrompt}
    >
      <span className={classes.addressIcon}>
        <IconUser size={22} />
      </span>
      <div className={classes.addressText}>
        <Text fw={700} size="sm" id="home-name-prompt">
          {text.title}
        </Text>
        <Text size="sm">{text.body}</Text>
        <Group gap="xs" mt="xs">
          <Button component={Link} to={paths.profileEdit} size="xs">
            {text.add}
          </Button>
          <Button variant="subtle" color="gray" size="xs" onClick={dismiss}>
            {text.later}
          </Button>
        </Group>
      </div>
    </Paper>
  );
}

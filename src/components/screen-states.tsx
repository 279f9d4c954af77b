import '@mantine/core/styles/Alert.layer.css';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { getErrorMessage } from '../lib/http';
import { IconBowl } from './icons';

/** While a screen's data loads: a spinner, and its name for screen readers. */
export function ScreenLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

interface ScreenErrorProps {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}

/** Why a screen could not load (the server's message, 'HTTP {status}' or no connection). */
export function ScreenError({ title, error, retryLabel, onRetry }: ScreenErrorProps) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        {getErrorMessage(error)}
        <Button size="xs" variant="light" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

interface ScreenStaleProps {
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Above what a screen read before and still shows: its refresh failed while the network is
 * up, so it may no longer be true. Offline the offline banner says why instead.
 */
export function ScreenStale({ message, retryLabel, retrying, onRetry }: ScreenStaleProps) {
  return (
    <Alert color="yellow" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="yellow" loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      </Group>
    </Alert>
  );
}

interface ScreenNotFoundProps {
  title: string;
  hint: string;
  homeLabel: string;
}

/** What a link to something that does not exist (any more) leads to, with the way home. */
export function ScreenNotFound({ title, hint, homeLabel }: ScreenNotFoundProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text c="dimmed" aria-hidden="true">
        <IconBowl size={56} />
      </Text>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={420}>
        {hint}
      </Text>
      <Button component={Link} to={paths.home}>
        {homeLabel}
      </Button>
    </Stack>
  );
}

interface ScreenEmptyProps {
  /** The list's own icon at 48 px, drawn dimmed and hidden from screen readers. */
  icon: ReactNode;
  title: string;
  hint: string;
  /** A way on from here ('Khám phá món ăn'), when there is one. */
  children?: ReactNode;
}

/** A list with nothing in it yet: its icon, what is missing, what would fill it. */
export function ScreenEmpty({ icon, title, hint, children }: ScreenEmptyProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text c="dimmed" aria-hidden="true">
        {icon}
      </Text>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={420}>
        {hint}
      </Text>
      {children}
    </Stack>
  );
}

import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { vi } from '#src/i18n/vi';
import {
  currentPosition,
  describeLocation,
  GeolocationUnsupportedError,
  locationStore,
  setLocation,
  type UserLocation,
} from '#src/lib/location';
import { reverseGeocode, searchAddress } from '#src/lib/maps';
import { IconCheck, IconCrosshair, IconSearch } from '#src/components/action-icons';

const text = vi.address;

/**
 * Spec 2.7 'use current location': the device's position, named by reverse geocoding. Spec
 * section 8: when naming fails the location is still kept, with a null address.
 */
async function locateDevice(): Promise<UserLocation> {
  const { lat, lon } = await currentPosition();
  let address: string | null = null;
  try {
    address = (await reverseGeocode(lat, lon)).display_name;
  } catch (error) {
    console.warn('Reverse geocoding failed; keeping the coordinates only', error);
  }
  const found = { lat, lon, address };
  setLocation(found);
  return found;
}

/** Address search (spec 7.6, section 8): the first match is stored; null means nothing found. */
async function findAddress(query: string): Promise<UserLocation | null> {
  const place = await searchAddress(query);
  if (!place) return null;
  const found = { lat: place.lat, lon: place.lon, address: place.display_name };
  setLocation(found);
  return found;
}

function AddressForm({ onClose }: { onClose: () => void }) {
  const { current } = useSnapshot(locationStore);
  const [query, setQuery] = useState('');
  const [blank, setBlank] = useState(false);
  // The work lives in mutationFn, so a location found after the dialog closed is still stored.
  const search = useMutation({ mutationFn: findAddress });
  const locate = useMutation({ mutationFn: locateDevice });

  let problem: string | null = null;
  if (search.isError) problem = text.searchFailed;
  else if (search.isSuccess && search.data === null) problem = text.notFound;
  else if (locate.isError) {
    problem =
      locate.error instanceof GeolocationUnsupportedError ? text.unsupported : text.locateFailed;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: address search needs non-blank text.
    if (query.trim() === '') {
      setBlank(true);
      return;
    }
    if (search.isPending) return;
    locate.reset();
    search.mutate(query);
  };

  const locateMe = () => {
    if (locate.isPending) return;
    search.reset();
    locate.mutate();
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <TextInput
          type="search"
          label={text.search}
          placeholder={text.searchPlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setBlank(false);
          }}
          error={blank ? text.searchRequired : undefined}
          enterKeyHint="search"
          autoComplete="street-address"
          data-autofocus
          rightSectionWidth={44}
          rightSection={
            <ActionIcon
              type="submit"
              variant="filled"
              size="lg"
              aria-label={text.searchSubmit}
              loading={search.isPending}
            >
              <IconSearch size={18} />
            </ActionIcon>
          }
        />
      </form>

      <Divider label={text.or} labelPosition="center" />

      <Button
        variant="light"
        fullWidth
        onClick={locateMe}
        // Stays focusable while busy (a disabled button would drop the keyboard focus).
        data-disabled={locate.isPending || undefined}
        aria-busy={locate.isPending}
        leftSection={locate.isPending ? <Loader size={16} /> : <IconCrosshair size={18} />}
      >
        {locate.isPending ? text.locating : text.useCurrent}
      </Button>

      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}

      {/* Always mounted, so a newly set location is announced. */}
      <div role="status" aria-live="polite">
        {current ? (
          <Group gap={6} wrap="nowrap" align="flex-start" c="green.9">
            <IconCheck size={18} />
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {text.saved(describeLocation(current))}
            </Text>
          </Group>
        ) : null}
      </div>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        {current ? <Button onClick={onClose}>{text.done}</Button> : null}
      </Group>
    </Stack>
  );
}

export interface AddressDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Spec 2.7: set the delivery address by search or from the device's position. */
export function AddressDialog({ opened, onClose }: AddressDialogProps) {
  // Built from parts so the header is a plain div: Mantine's <header> outside any landmark
  // would be exposed as a second banner next to the app's own.
  return (
    <Modal.Root opened={opened} onClose={onClose} size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{text.title}</Modal.Title>
          <Modal.CloseButton aria-label={text.close} />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted only while open: each opening starts without the last one's messages. */}
          {opened ? <AddressForm onClose={onClose} /> : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

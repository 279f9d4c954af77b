import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { mapsSearchUrl } from '#src/lib/maps-link';
import { toast } from '#src/lib/toast';
import { useUpdatePin } from '../api/update-pin';

const text = vi.pinEditor;

/** Six decimals: about 10 cm, finer than any doorway. */
const format = (value: number) => value.toFixed(6);

function parse(value: string, min: number, max: number): number | null {
  const number = Number(value.trim().replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max
    ? number
    : null;
}

/**
 * Where customers' distances are measured from (design.md section 5): the address is geocoded,
 * and a small alley or a new street can land the pin a block away. The owner checks it on the
 * map and corrects it by typing the coordinates or, standing in the shop, taking the device's.
 */
export function PinEditor({ restaurant }: { restaurant: StaffRestaurant }) {
  const [lat, setLat] = useState(format(restaurant.lat));
  const [lon, setLon] = useState(format(restaurant.lon));
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const save = useUpdatePin();

  function takeDeviceLocation() {
    if (!('geolocation' in navigator)) {
      toast.error(vi.address.unsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLat(format(position.coords.latitude));
        setLon(format(position.coords.longitude));
        setProblem(null);
      },
      () => {
        setLocating(false);
        toast.error(vi.address.locateFailed);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pin = { lat: parse(lat, -90, 90), lon: parse(lon, -180, 180) };
    if (pin.lat === null || pin.lon === null) {
      setProblem(text.invalid);
      return;
    }
    setProblem(null);
    save.mutate(
      { lat: pin.lat, lon: pin.lon },
      {
        onSuccess: () => toast.success(vi.staffRestaurant.updated),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  }

  const place = `${format(restaurant.lat)},${format(restaurant.lon)}`;
  return (
    <form onSubmit={submit} noValidate aria-label={text.title}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {text.hint}
        </Text>
        <Anchor href={mapsSearchUrl(place)} target="_blank" rel="noopener noreferrer" size="sm">
          {text.openMap}
        </Anchor>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            size="md"
            label={text.lat}
            inputMode="decimal"
            value={lat}
            onChange={(event) => setLat(event.currentTarget.value)}
            error={problem ? true : undefined}
          />
          <TextInput
            size="md"
            label={text.lon}
            inputMode="decimal"
            value={lon}
            onChange={(event) => setLon(event.currentTarget.value)}
            error={problem ?? undefined}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Button variant="light" size="md" loading={locating} onClick={takeDeviceLocation}>
            {locating ? vi.address.locating : text.useDevice}
          </Button>
          <Button type="submit" size="md" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

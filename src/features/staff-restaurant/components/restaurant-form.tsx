import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import {
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MIN_KM } from '#contract/store';
import { useState, type FormEvent } from 'react';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { vi } from '#src/i18n/vi';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useFileChoice } from '#src/lib/use-file-choice';
import { useSaveRestaurant } from '../api/save-restaurant';
import {
  deliveryRadiusProblem,
  initialRestaurantValues,
  restaurantFieldErrors,
  type RestaurantField,
  type RestaurantFormValues,
} from '../restaurant-fields';
import { ImagePicker } from './image-picker';
import classes from './staff-restaurant.module.css';

const text = vi.staffRestaurant;

/**
 * The restaurant's details (spec 2.18): the create form when none is linked (`restaurant`
 * null), else the edit form with the same fields. The server judges the values; its field
 * errors come back under the fields, and any failure is also a toast with its message.
 */
export function RestaurantForm({ restaurant }: { restaurant: StaffRestaurant | null }) {
  const [values, setValues] = useState<RestaurantFormValues>(() =>
    initialRestaurantValues(restaurant),
  );
  const [errors, setErrors] = useState<Partial<Record<RestaurantField, string>>>({});
  const [cover, chooseCover] = useFileChoice();
  const [logo, chooseLogo] = useFileChoice();
  const save = useSaveRestaurant(restaurant ? 'update' : 'create');

  const field = (key: 'name' | 'address' | 'phone' | 'email' | 'description') => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  const setValue = <K extends 'delivery_radius_km' | 'auto_accept'>(
    key: K,
    value: RestaurantFormValues[K],
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The one rule checked here: a radius out of range would only come back refused.
    const radiusProblem = deliveryRadiusProblem(values.delivery_radius_km);
    if (radiusProblem) {
      setErrors({ delivery_radius_km: radiusProblem });
      toast.error(radiusProblem);
      return;
    }
    save.mutate(
      { values, images: { cover: cover?.file ?? null, logo: logo?.file ?? null } },
      {
        onSuccess: () => {
          setErrors({});
          toast.success(restaurant ? text.updated : text.created);
        },
        onError: (error) => {
          setErrors(restaurantFieldErrors(getErrorReply(error)?.errors));
          toast.error(getErrorMessage(error));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput size="md" label={text.name} required maxLength={200} {...field('name')} />
        <TextInput
          size="md"
          label={text.address}
          required
          maxLength={500}
          autoComplete="street-address"
          {...field('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="md"
            label={text.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            {...field('phone')}
          />
          <TextInput
            size="md"
            label={text.email}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
        </SimpleGrid>
        <Textarea
          size="md"
          label={text.description}
          rows={4}
          resize="vertical"
          {...field('description')}
        />
        <NumberInput
          size="md"
          label={text.deliveryRadius}
          description={text.deliveryRadiusHint}
          allowDecimal={false}
          allowNegative={false}
          min={DELIVERY_RADIUS_MIN_KM}
          max={DELIVERY_RADIUS_MAX_KM}
          // Out of range is said in the contract's words, not quietly changed.
          clampBehavior="none"
          inputMode="numeric"
          maw={260}
          value={values.delivery_radius_km}
          onChange={(value) =>
            setValue('delivery_radius_km', typeof value === 'number' ? value : '')
          }
          error={errors.delivery_radius_km}
        />
        <Switch
          size="lg"
          label={text.autoAccept}
          description={text.autoAcceptHint}
          checked={values.auto_accept}
          onChange={(event) => setValue('auto_accept', event.currentTarget.checked)}
          error={errors.auto_accept}
        />
        <ImagePicker
          label={text.cover}
          current={restaurant?.cover_url ?? null}
          choice={cover}
          onChoose={chooseCover}
          ratio={16 / 9}
          previewClassName={classes.cover}
          error={errors.cover}
        />
        <ImagePicker
          label={text.logo}
          current={restaurant?.logo_url ?? null}
          choice={logo}
          onChoose={chooseLogo}
          ratio={1}
          previewClassName={classes.logo}
          error={errors.logo}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending}>
            {restaurant ? text.save : text.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

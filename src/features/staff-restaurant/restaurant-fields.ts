import type { FieldError } from '#contract/envelope';
import type { StaffRestaurant } from '#contract/staff-restaurant';

// The restaurant form of spec 2.18 (create and edit share it) as plain data.

const TEXT_FIELDS = ['name', 'address', 'phone', 'email', 'description'] as const;

export type RestaurantFormValues = Record<(typeof TEXT_FIELDS)[number], string>;

export type RestaurantField = keyof RestaurantFormValues | 'cover' | 'logo';

export interface RestaurantImages {
  cover: File | null;
  logo: File | null;
}

export function initialRestaurantValues(restaurant: StaffRestaurant | null): RestaurantFormValues {
  return {
    name: restaurant?.name ?? '',
    address: restaurant?.address ?? '',
    phone: restaurant?.phone ?? '',
    email: restaurant?.email ?? '',
    description: restaurant?.description ?? '',
  };
}

/**
 * JSON, or multipart/form-data when a cover or a logo is chosen (spec 7.5: 'multipart
 * allowed'), with the files in 'cover' and 'logo'. Opening hours are not part of this form:
 * a new restaurant gets the server's default week, edited afterwards in the hours editor.
 */
export function restaurantRequestBody(
  values: RestaurantFormValues,
  { cover, logo }: RestaurantImages,
): { json: RestaurantFormValues } | { body: FormData } {
  if (!cover && !logo) return { json: values };
  const form = new FormData();
  for (const name of TEXT_FIELDS) form.append(name, values[name]);
  if (cover) form.append('cover', cover, cover.name);
  if (logo) form.append('logo', logo, logo.name);
  return { body: form };
}

const FIELD_OF_PATH: Record<string, RestaurantField> = {
  name: 'name',
  address: 'address',
  // The pin is found from the address; a problem with it is the address's.
  lat: 'address',
  lon: 'address',
  phone: 'phone',
  email: 'email',
  description: 'description',
  cover: 'cover',
  cover_url: 'cover',
  logo: 'logo',
  logo_url: 'logo',
};

/** The server's `errors[{path, message}]` under the fields they concern; the first one wins. */
export function restaurantFieldErrors(
  errors: readonly FieldError[] | undefined,
): Partial<Record<RestaurantField, string>> {
  const found: Partial<Record<RestaurantField, string>> = {};
  for (const { path, message } of errors ?? []) {
    const field = FIELD_OF_PATH[path.split('.')[0] ?? ''];
    if (field && message) found[field] ??= message;
  }
  return found;
}

import type { FieldError } from '#contract/envelope';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import {
  DELIVERY_RADIUS_DEFAULT_KM,
  DELIVERY_RADIUS_MAX_KM,
  DELIVERY_RADIUS_MESSAGE,
  DELIVERY_RADIUS_MIN_KM,
} from '#contract/store';

// The restaurant form of spec 2.18 (create and edit share it) as plain data.

const TEXT_FIELDS = ['name', 'address', 'phone', 'email', 'description'] as const;

export type RestaurantFormValues = Record<(typeof TEXT_FIELDS)[number], string> & {
  /** Whole km, '' while the field is empty. */
  delivery_radius_km: number | '';
  /** A paid order is accepted at once; the kitchen still hears of it. */
  auto_accept: boolean;
};

export type RestaurantField =
  (typeof TEXT_FIELDS)[number] | 'delivery_radius_km' | 'auto_accept' | 'cover' | 'logo';

/** The body's own shape: the radius as a number, or null for the server to refuse. */
export type RestaurantPayload = Omit<RestaurantFormValues, 'delivery_radius_km'> & {
  delivery_radius_km: number | null;
};

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
    delivery_radius_km: restaurant?.delivery_radius_km ?? DELIVERY_RADIUS_DEFAULT_KM,
    auto_accept: restaurant?.auto_accept ?? false,
  };
}

/** The contract's radius rule, checked before sending: 1 to 50 whole km. */
export function deliveryRadiusProblem(value: number | ''): string | undefined {
  const ok =
    value !== '' &&
    Number.isInteger(value) &&
    value >= DELIVERY_RADIUS_MIN_KM &&
    value <= DELIVERY_RADIUS_MAX_KM;
  return ok ? undefined : DELIVERY_RADIUS_MESSAGE;
}

/**
 * JSON, or multipart/form-data when a cover or a logo is chosen (spec 7.5: 'multipart
 * allowed'), with the files in 'cover' and 'logo'. Opening hours are not part of this form:
 * a new restaurant gets the server's default week, edited afterwards in the hours editor.
 */
export function restaurantRequestBody(
  values: RestaurantFormValues,
  { cover, logo }: RestaurantImages,
): { json: RestaurantPayload } | { body: FormData } {
  const radius = values.delivery_radius_km === '' ? null : values.delivery_radius_km;
  if (!cover && !logo) return { json: { ...values, delivery_radius_km: radius } };
  const form = new FormData();
  for (const name of TEXT_FIELDS) form.append(name, values[name]);
  // Text, as multipart carries everything; the server reads them back (parseRestaurantFields).
  form.append('delivery_radius_km', radius === null ? '' : String(radius));
  form.append('auto_accept', String(values.auto_accept));
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
  delivery_radius_km: 'delivery_radius_km',
  auto_accept: 'auto_accept',
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

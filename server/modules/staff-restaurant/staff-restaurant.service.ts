import type { Kysely, Selectable, Updateable } from 'kysely';
import type { OpeningHours } from '#contract/catalogue';
import type { PauseBody } from '#contract/store';
import { adminPausedMessage, type StaffRestaurant } from '#contract/staff-restaurant';
import type { DB, RestaurantsTable, Role } from '#server/db/schema';
import type { Geocoder } from '#server/geo/geocoder';
import { AppError } from '#server/errors';
import { isUniqueViolation } from '#server/lib/unique-violation';
import { reencodeImage, type ImageVariant } from '#server/storage/images';
import type { UploadStore } from '#server/storage/uploads';
import { toRestaurant } from '../catalogue/catalogue.service';
import { nextOpeningAfter } from '../catalogue/opening-times';
import { findRestaurantIdOfStaff, workplaceOf } from '../workplace/workplace.service';
import {
  flipActive,
  insertRestaurant,
  selectRestaurant,
  selectRestaurantForUpdate,
  updateRestaurant,
} from './staff-restaurant.queries';

export interface StaffRestaurantDeps {
  db: Kysely<DB>;
  uploads: UploadStore;
  geocoder: Geocoder;
}

type StaffUser = { id: number; role: Role };
type RestaurantRow = Selectable<RestaurantsTable>;

/** A banner across the restaurant page (the demo art is 960 x 400) and a square emblem. */
const COVER: ImageVariant = { width: 1200, height: 500, fit: 'cover' };
const LOGO: ImageVariant = { width: 256, height: 256, fit: 'cover' };
const UPLOAD_FOLDER = 'restaurants';

/**
 * How many ever shorter forms of an address are asked before giving up: a house number or an
 * alley unknown to the geocoder must not hide the street, ward or district after it. A few at
 * most, since a public Nominatim allows about one request a second.
 */
const GEOCODE_ATTEMPTS = 3;

export interface RestaurantFields {
  name?: string | undefined;
  address?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  description?: string | undefined;
  opening_hours?: OpeningHours | undefined;
  cover_url?: string | null | undefined;
  logo_url?: string | null | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  delivery_radius_km?: number | undefined;
  auto_accept?: boolean | undefined;
  cover?: Buffer | undefined;
  logo?: Buffer | undefined;
}

export type RestaurantCreateInput = RestaurantFields & {
  name: string;
  address: string;
  phone: string;
  email: string;
  description: string;
  opening_hours: OpeningHours;
};

async function staffView(db: Kysely<DB>, row: RestaurantRow): Promise<StaffRestaurant> {
  return {
    ...(await toRestaurant(db, row)),
    rejection_reason: row.rejection_reason,
    auto_accept: row.auto_accept,
    admin_paused_reason: row.admin_paused_reason,
  };
}

/**
 * The address on the map with our geocoder: the whole address first, then without its
 * leading parts ('12/3 Ngõ Huế, Phố Huế, Hai Bà Trưng, Hà Nội' -> 'Phố Huế, ...').
 */
async function locateAddress(
  geocoder: Geocoder,
  address: string,
): Promise<{ lat: number; lon: number }> {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (let skip = 0; skip < Math.min(parts.length, GEOCODE_ATTEMPTS); skip += 1) {
    const [place] = await geocoder.search(parts.slice(skip).join(', '), 1);
    const lat = Number(place?.lat);
    const lon = Number(place?.lon);
    const onEarth = Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
    if (place && onEarth) return { lat, lon };
  }
  throw new AppError('ADDRESS_NOT_FOUND', {
    errors: [{ path: 'address', message: 'Không tìm thấy địa chỉ này' }],
  });
}

/** Both images checked and re-encoded before the transaction, so a bad logo stores nothing. */
async function encodeImages(files: {
  cover?: Buffer | undefined;
  logo?: Buffer | undefined;
}): Promise<{ cover?: Buffer | undefined; logo?: Buffer | undefined }> {
  return {
    cover: files.cover && (await reencodeImage(files.cover, COVER)),
    logo: files.logo && (await reencodeImage(files.logo, LOGO)),
  };
}

/** Inside the transaction that names them: they exist exactly when it commits. */
async function storeImages(
  trx: Kysely<DB>,
  uploads: UploadStore,
  pictures: { cover?: Buffer | undefined; logo?: Buffer | undefined },
): Promise<{ cover?: string | undefined; logo?: string | undefined }> {
  return {
    cover: pictures.cover && (await uploads.save(trx, UPLOAD_FOLDER, pictures.cover, 'webp')),
    logo: pictures.logo && (await uploads.save(trx, UPLOAD_FOLDER, pictures.logo, 'webp')),
  };
}

/** The owner's store settings the body gives (the delivery radius and auto-accept). */
function storeSettings(input: RestaurantFields): Updateable<RestaurantsTable> {
  return {
    ...(input.delivery_radius_km !== undefined
      ? { delivery_radius_km: input.delivery_radius_km }
      : {}),
    ...(input.auto_accept !== undefined ? { auto_accept: input.auto_accept } : {}),
  };
}

export async function getStaffRestaurant(
  db: Kysely<DB>,
  user: StaffUser,
): Promise<StaffRestaurant> {
  const row = await selectRestaurant(db, await workplaceOf(db, user));
  if (!row) throw new AppError('RESTAURANT_NONE');
  return staffView(db, row);
}

/**
 * An owner's one restaurant. It starts pending, hidden from customers until an admin approves
 * it. A file the owner picked wins over a link in the same form; a link is stored as given.
 * The list picture (image_url) is the cover, as in the demo data.
 */
export async function createRestaurant(
  deps: StaffRestaurantDeps,
  owner: StaffUser,
  input: RestaurantCreateInput,
): Promise<StaffRestaurant> {
  // Checked before the geocoder and the image work; the unique owner_id decides under a race.
  if ((await findRestaurantIdOfStaff(deps.db, owner)) !== null) {
    throw new AppError('RESTAURANT_EXISTS');
  }
  const point =
    input.lat !== undefined && input.lon !== undefined
      ? { lat: input.lat, lon: input.lon }
      : await locateAddress(deps.geocoder, input.address);
  const pictures = await encodeImages(input);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const stored = await storeImages(trx, deps.uploads, pictures);
      const cover = stored.cover ?? input.cover_url ?? null;
      return insertRestaurant(trx, {
        owner_id: owner.id,
        name: input.name,
        description: input.description,
        address: input.address,
        lat: point.lat,
        lon: point.lon,
        phone: input.phone,
        email: input.email,
        opening_hours: JSON.stringify(input.opening_hours),
        image: cover,
        cover,
        logo: stored.logo ?? input.logo_url ?? null,
        approval_status: 'pending',
        ...storeSettings(input),
      });
    });
    const row = await selectRestaurant(deps.db, id);
    return await staffView(deps.db, row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('RESTAURANT_EXISTS', { cause: error });
    throw error;
  }
}

/**
 * Any subset of the fields, by the owner or a linked staff member. A changed address is
 * located again unless the pin is given with it. A rejected restaurant that is edited goes
 * back to the approval queue: the edit is the owner's answer to the rejection.
 */
export async function updateStaffRestaurant(
  deps: StaffRestaurantDeps,
  user: StaffUser,
  input: RestaurantFields,
): Promise<StaffRestaurant> {
  const id = await workplaceOf(deps.db, user);
  const before = await selectRestaurant(deps.db, id);
  if (!before) throw new AppError('RESTAURANT_NONE');
  const point =
    input.lat !== undefined && input.lon !== undefined
      ? { lat: input.lat, lon: input.lon }
      : input.address !== undefined && input.address !== before.address
        ? await locateAddress(deps.geocoder, input.address)
        : undefined;
  const pictures = await encodeImages(input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await selectRestaurantForUpdate(trx, id);
    if (!current) throw new AppError('RESTAURANT_NONE');
    const stored = await storeImages(trx, deps.uploads, pictures);
    const cover = stored.cover ?? input.cover_url;
    const logo = stored.logo ?? input.logo_url;
    const values: Updateable<RestaurantsTable> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.opening_hours !== undefined
        ? { opening_hours: JSON.stringify(input.opening_hours) }
        : {}),
      ...(point ?? {}),
      ...(cover !== undefined ? { cover, image: cover } : {}),
      ...(logo !== undefined ? { logo } : {}),
    };
    // The store settings are no answer to a rejection: changing only them resubmits nothing.
    const resubmitted =
      current.approval_status === 'rejected' && Object.keys(values).length > 0
        ? { approval_status: 'pending' as const, rejection_reason: null }
        : {};
    const updated = await updateRestaurant(trx, id, {
      ...values,
      ...storeSettings(input),
      ...resubmitted,
    });
    // In the same transaction: a rollback keeps the old pictures. A picture the row still
    // names (the cover is also the list picture) stays.
    await deps.uploads.removeUnused(trx, [
      ...(cover !== undefined ? [current.cover, current.image] : []),
      ...(logo !== undefined ? [current.logo] : []),
    ]);
    return updated;
  });
  return staffView(deps.db, row);
}

export async function updateOpeningHours(
  db: Kysely<DB>,
  user: StaffUser,
  hours: OpeningHours,
): Promise<StaffRestaurant> {
  const id = await workplaceOf(db, user);
  return staffView(db, await updateRestaurant(db, id, { opening_hours: JSON.stringify(hours) }));
}

/**
 * Paused (is_active false): customers still see it, but it takes no orders. While an admin
 * has paused it the switch is the admin's: refused with the admin's reason.
 */
export async function toggleActive(db: Kysely<DB>, user: StaffUser): Promise<StaffRestaurant> {
  const id = await workplaceOf(db, user);
  const flipped = await flipActive(db, id);
  if (flipped) return staffView(db, flipped);
  const row = await selectRestaurant(db, id);
  if (!row) throw new AppError('RESTAURANT_NONE');
  throw new AppError('RESTAURANT_ADMIN_PAUSED', {
    message: adminPausedMessage(row.admin_paused_reason ?? ''),
  });
}

/**
 * The busy pause ('Tạm ngưng nhận đơn'), by the owner or any staff member (the kitchen tablet
 * pauses at the noon rush): for 15, 30 or 60 minutes from now, or until the next opening in
 * Asia/Ho_Chi_Minh. Only its end is stored: it ends by itself when that moment passes, no job
 * needed. Pausing again replaces the end; the write moves the catalogue generation like any
 * write to the restaurant.
 */
export async function pauseRestaurant(
  db: Kysely<DB>,
  user: StaffUser,
  body: PauseBody,
  now = new Date(),
): Promise<StaffRestaurant> {
  const id = await workplaceOf(db, user);
  const row = await selectRestaurant(db, id);
  if (!row) throw new AppError('RESTAURANT_NONE');
  const until =
    'minutes' in body
      ? new Date(now.getTime() + body.minutes * 60_000)
      : nextOpeningAfter(row.opening_hours as OpeningHours, now);
  // Hours empty every day (or never closing) have no next opening to wait for.
  if (!until) throw new AppError('RESTAURANT_NO_OPENING');
  return staffView(db, await updateRestaurant(db, id, { paused_until: until }));
}

/** 'Mở lại ngay': the pause ends now (nothing to do when there is none). */
export async function resumeRestaurant(db: Kysely<DB>, user: StaffUser): Promise<StaffRestaurant> {
  const id = await workplaceOf(db, user);
  return staffView(db, await updateRestaurant(db, id, { paused_until: null }));
}

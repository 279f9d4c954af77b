import type { Kysely } from 'kysely';
import type { OpeningHours } from '#contract/catalogue';
import type { DB } from '#server/db/schema';

const ALL_DAY = [{ open: '00:00', close: '24:00' }];
export const ALWAYS_OPEN: OpeningHours = {
  mon: ALL_DAY,
  tue: ALL_DAY,
  wed: ALL_DAY,
  thu: ALL_DAY,
  fri: ALL_DAY,
  sat: ALL_DAY,
  sun: ALL_DAY,
};
export const NEVER_OPEN: OpeningHours = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};

export interface DishSpec {
  name: string;
  price: number;
  description?: string;
  categories?: string[];
  available?: boolean;
  deleted?: boolean;
  toppings?: { name: string; price: number }[];
}

export interface RestaurantSpec {
  name: string;
  lat: number;
  lon: number;
  approval?: 'approved' | 'pending' | 'rejected';
  active?: boolean;
  hours?: OpeningHours;
  dishes: DishSpec[];
}

let ownerSeq = 0;

/** Inserts restaurants with their dishes straight into the database; returns their ids. */
export async function insertCatalogue(db: Kysely<DB>, restaurants: RestaurantSpec[]) {
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
  );
  const out: { id: number; name: string; dishes: Record<string, number> }[] = [];
  for (const spec of restaurants) {
    ownerSeq += 1;
    const owner = await db
      .insertInto('users')
      .values({
        role: 'owner',
        username: `owner_fixture_${ownerSeq}_${Date.now()}`,
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restaurant = await db
      .insertInto('restaurants')
      .values({
        owner_id: owner.id,
        name: spec.name,
        description: `Quán ${spec.name}`,
        address: `1 Phố ${spec.name}, Hà Nội`,
        lat: spec.lat,
        lon: spec.lon,
        phone: `09${String(ownerSeq).padStart(8, '0')}`,
        email: `r${ownerSeq}@example.vn`,
        opening_hours: JSON.stringify(spec.hours ?? ALWAYS_OPEN),
        is_active: spec.active ?? true,
        approval_status: spec.approval ?? 'approved',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dishes: Record<string, number> = {};
    for (const dish of spec.dishes) {
      const food = await db
        .insertInto('foods')
        .values({
          restaurant_id: restaurant.id,
          name: dish.name,
          description: dish.description ?? `${dish.name} ngon`,
          price: dish.price,
          available: dish.available ?? true,
          deleted_at: dish.deleted ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      dishes[dish.name] = food.id;
      const ids = (dish.categories ?? []).map((name) => categories.get(name)!);
      if (ids.length) {
        await db
          .insertInto('food_categories')
          .values(ids.map((category_id) => ({ food_id: food.id, category_id })))
          .execute();
      }
      if (dish.toppings?.length) {
        await db
          .insertInto('toppings')
          .values(dish.toppings.map((t, position) => ({ food_id: food.id, ...t, position })))
          .execute();
      }
    }
    out.push({ id: restaurant.id, name: spec.name, dishes });
  }
  return out;
}

/** Great-circle distance as earthdistance computes it (sphere of radius 6378.168 km). */
export function earthDistanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const toXyz = (p: { lat: number; lon: number }) => [
    Math.cos(p.lat * rad) * Math.cos(p.lon * rad),
    Math.cos(p.lat * rad) * Math.sin(p.lon * rad),
    Math.sin(p.lat * rad),
  ];
  const [x1, y1, z1] = toXyz(a);
  const [x2, y2, z2] = toXyz(b);
  const chord = Math.hypot(x1! - x2!, y1! - y2!, z1! - z2!);
  return 2 * 6378.168 * Math.asin(Math.min(1, chord / 2));
}

import type { Kysely } from 'kysely';
import type { DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import {
  selectLinkedRestaurantId,
  selectOwnedRestaurantId,
  selectRestaurantTeamIds,
} from './workplace.queries';

/**
 * The restaurant a staff-level user works for, or null: an owner's is the one it owns, a
 * staff account's the one it is linked to. An admin approves restaurants but works for none.
 */
export async function findRestaurantIdOfStaff(
  db: Kysely<DB>,
  user: { id: number; role: Role },
): Promise<number | null> {
  if (user.role === 'owner') return selectOwnedRestaurantId(db, user.id);
  if (user.role === 'staff') return selectLinkedRestaurantId(db, user.id);
  return null;
}

/**
 * The same, for the staff screens that cannot work without one: no restaurant is
 * RESTAURANT_NOT_LINKED, whose message is the spec's (section 2.13) so the screen can show it.
 */
export async function restaurantIdOfStaff(
  db: Kysely<DB>,
  user: { id: number; role: Role },
): Promise<number> {
  const id = await findRestaurantIdOfStaff(db, user);
  if (id === null) throw new AppError('RESTAURANT_NOT_LINKED');
  return id;
}

/**
 * The restaurant the caller works for, for the workspace calls (menu, reviews, restaurant,
 * team): none is RESTAURANT_NONE, whose screens then offer to create or link one.
 */
export async function workplaceOf(
  db: Kysely<DB>,
  user: { id: number; role: Role },
): Promise<number> {
  const id = await findRestaurantIdOfStaff(db, user);
  if (id === null) throw new AppError('RESTAURANT_NONE');
  return id;
}

/** The ids of a restaurant's whole team (owner and staff): whom its news is for. */
export function restaurantTeam(db: Kysely<DB>, restaurantId: number): Promise<number[]> {
  return selectRestaurantTeamIds(db, restaurantId);
}

import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

// The owner's team: staff accounts linked to the restaurant through users.restaurant_id
// (migration 0004). Accounts are created through the auth service like every password account;
// these read and end the link.

export interface MemberRow {
  id: number;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  created_at: Date;
}

function membersQuery(db: Kysely<DB>, restaurantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'phone', 'email', 'created_at'])
    .where('role', '=', 'staff')
    .where('restaurant_id', '=', restaurantId);
}

export function selectMembers(db: Kysely<DB>, restaurantId: number): Promise<MemberRow[]> {
  return membersQuery(db, restaurantId).orderBy('id').execute();
}

export function selectMember(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<MemberRow | undefined> {
  return membersQuery(db, restaurantId).where('id', '=', id).executeTakeFirst();
}

/** False when the account is not this restaurant's staff (another's, an owner, or gone). */
export async function unlinkMember(
  db: Kysely<DB>,
  restaurantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ restaurant_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('role', '=', 'staff')
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

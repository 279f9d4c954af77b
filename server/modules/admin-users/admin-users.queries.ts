import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

/** The name a person reads: the customer's full name, else the staff's family and given names. */
const displayName = sql<string | null>`coalesce(nullif(full_name, ''),
  nullif(trim(concat_ws(' ', last_name, first_name)), ''))`;

/** LIKE's own characters in what the admin typed match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface UserSearch {
  /** Lower-cased text, matched inside username, email and name (the name accent-insensitively). */
  text: string | null;
  /** The text read as a phone number, national form; matched exactly. */
  phone: string | null;
}

function searchQuery(db: Kysely<DB>, search: UserSearch) {
  let query = db.selectFrom('users');
  const { text, phone } = search;
  if (text !== null) {
    const pattern = `%${likeLiteral(text)}%`;
    query = query.where((eb) =>
      eb.or([
        ...(phone ? [eb('phone', '=', phone)] : []),
        eb(sql<string>`phone`, 'like', pattern),
        eb(sql<string>`lower(username)`, 'like', pattern),
        eb(sql<string>`lower(email)`, 'like', pattern),
        // search_name (migration 0019) is search_fold(search_lower(the display name)), stored
        // and trigram-indexed, so this arm is an index scan like the others.
        eb(sql<string>`search_name`, 'like', sql<string>`search_fold(search_lower(${pattern}))`),
      ]),
    );
  }
  return query;
}

const LISTED = ['id', 'role', displayName.as('name'), 'phone', 'username', 'locked_at'] as const;

/**
 * Newest first. Without a search, or when the search matches many users (`many`: the count
 * reached its horizon), the primary key is walked backwards: matches are dense, so a page is
 * found after a few rows. A rarer search finds its matches first, through the trigram indexes,
 * then orders them: a materialized CTE, so the planner cannot trade the indexes for that
 * backward walk, which reads every row when nothing matches (docs/decisions/047).
 */
export function selectUsers(
  db: Kysely<DB>,
  search: UserSearch,
  page: { limit: number; offset: number; many: boolean },
) {
  if (search.text === null || page.many) {
    return searchQuery(db, search)
      .select(LISTED)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }
  return db
    .with(
      (cte) => cte('matches').materialized(),
      () => searchQuery(db, search).select('id'),
    )
    .selectFrom('users')
    .where('id', 'in', (eb) => eb.selectFrom('matches').select('matches.id'))
    .select(LISTED)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUsers(db: Kysely<DB>, search: UserSearch, horizon: number) {
  const row = await db
    .selectFrom(searchQuery(db, search).select('id').limit(horizon).as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectUserDetail(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'role',
      displayName.as('name'),
      'phone',
      'username',
      'email',
      'locked_at',
      'locked_reason',
      'created_at',
      'restaurant_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The restaurant an owner owns (their first, by id) or a staff account works for. */
export function selectUserRestaurant(
  db: Kysely<DB>,
  user: { id: number; role: string; restaurant_id: number | null },
) {
  let query = db.selectFrom('restaurants').select(['id', 'name']);
  if (user.role === 'owner') query = query.where('owner_id', '=', user.id);
  else if (user.restaurant_id !== null) query = query.where('id', '=', user.restaurant_id);
  else return Promise.resolve(undefined);
  return query.orderBy('id').limit(1).executeTakeFirst();
}

/** The newest orders a customer placed, or (restaurantId) a restaurant received. */
export function selectRecentOrders(
  db: Kysely<DB>,
  by: { customerId: number } | { restaurantId: number },
  limit: number,
) {
  const query = db
    .selectFrom('orders')
    .select(['id', 'status', 'total_amount', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return 'customerId' in by
    ? query.where('customer_id', '=', by.customerId).execute()
    : query.where('restaurant_id', '=', by.restaurantId).execute();
}

/** The lock state of one user, the row held until the transaction ends. */
export function selectLockForUpdate(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'locked_at', 'locked_by', 'locked_reason'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The unlocked admins, each row held: two admins locking each other at the same moment take
 * turns here, so the second sees the first's lock and the last admin always stays.
 */
export async function selectActiveAdminIdsForUpdate(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('locked_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export function updateLock(
  db: Kysely<DB>,
  id: number,
  lock: { by: number; reason: string | null } | null,
) {
  return db
    .updateTable('users')
    .set(
      lock
        ? { locked_at: sql<Date>`now()`, locked_by: lock.by, locked_reason: lock.reason }
        : { locked_at: null, locked_by: null, locked_reason: null },
    )
    .where('id', '=', id)
    .returning(['locked_at', 'locked_by', 'locked_reason'])
    .executeTakeFirstOrThrow();
}

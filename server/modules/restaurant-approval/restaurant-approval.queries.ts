import { sql, type Kysely } from 'kysely';
import type { ApprovalStatus, DB } from '#server/db/schema';

export interface ApprovalRow {
  id: number;
  name: string;
  description: string;
  address: string;
  lat: number;
  lon: number;
  phone: string;
  email: string;
  image: string | null;
  cover: string | null;
  logo: string | null;
  opening_hours: unknown;
  owner_id: number;
  owner_name: string | null;
  owner_username: string | null;
  owner_phone: string | null;
  approval_status: ApprovalStatus;
  rejection_reason: string | null;
  approval_decided_at: Date | null;
  is_active: boolean;
  admin_paused_reason: string | null;
  created_at: Date;
}

export interface RestaurantSearch {
  /** Lower-cased text, matched inside the names and the address, accents or not. */
  text: string | null;
  /** The text read as a phone number, national form; matched exactly. */
  phone: string | null;
}

/** The name a person reads: the full name, else the staff's family and given names. */
const ownerName = sql<string | null>`coalesce(nullif(u.full_name, ''),
  nullif(trim(concat_ws(' ', u.last_name, u.first_name)), ''))`;

/** LIKE's own characters in what the admin typed match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Both sides through the catalogue's own folding, so 'bun cha' finds 'Bún Chả'. */
const folded = (pattern: string) => sql<string>`search_fold(search_lower(${pattern}))`;

function filtered(db: Kysely<DB>, status: ApprovalStatus, search: RestaurantSearch) {
  let query = db
    .selectFrom('restaurants as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .where('r.approval_status', '=', status);
  const { text, phone } = search;
  if (text !== null) {
    const pattern = folded(`%${likeLiteral(text)}%`);
    query = query.where((eb) =>
      eb.or([
        ...(phone ? [eb('u.phone', '=', phone), eb('r.phone', '=', phone)] : []),
        eb(sql<string>`search_fold(search_lower(r.name))`, 'like', pattern),
        eb(sql<string>`search_fold(search_lower(r.address))`, 'like', pattern),
        eb(sql<string>`search_fold(search_lower(${ownerName}))`, 'like', pattern),
        eb(sql<string>`lower(u.username)`, 'like', pattern),
        eb(sql<string>`u.phone`, 'like', pattern),
      ]),
    );
  }
  return query;
}

function withColumns(query: ReturnType<typeof filtered>) {
  return query.select([
    'r.id',
    'r.name',
    'r.description',
    'r.address',
    'r.lat',
    'r.lon',
    'r.phone',
    'r.email',
    'r.image',
    'r.cover',
    'r.logo',
    'r.opening_hours',
    'r.owner_id',
    ownerName.as('owner_name'),
    'u.username as owner_username',
    'u.phone as owner_phone',
    'r.approval_status',
    'r.rejection_reason',
    'r.approval_decided_at',
    'r.is_active',
    'r.admin_paused_reason',
    'r.created_at',
  ]);
}

/** The queue oldest first (first come, first reviewed); decided ones latest decision first. */
export function selectByApproval(
  db: Kysely<DB>,
  status: ApprovalStatus,
  search: RestaurantSearch,
  limit: number,
  offset: number,
): Promise<ApprovalRow[]> {
  const query = withColumns(filtered(db, status, search));
  const ordered =
    status === 'pending'
      ? query.orderBy('r.created_at').orderBy('r.id')
      : query.orderBy(sql`r.approval_decided_at desc nulls last`).orderBy('r.id', 'desc');
  return ordered.limit(limit).offset(offset).execute();
}

export async function countByApproval(
  db: Kysely<DB>,
  status: ApprovalStatus,
  search: RestaurantSearch,
  horizon: number,
): Promise<number> {
  const row = await db
    .selectFrom(filtered(db, status, search).select('r.id').limit(horizon).as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectForApproval(db: Kysely<DB>, id: number): Promise<ApprovalRow | undefined> {
  return withColumns(
    db
      .selectFrom('restaurants as r')
      .innerJoin('users as u', 'u.id', 'r.owner_id')
      .where('r.id', '=', id),
  ).executeTakeFirst();
}

/** The moderation state of one restaurant, the row held until the transaction ends. */
export function selectModerationForUpdate(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('restaurants')
    .select([
      'id',
      'name',
      'owner_id',
      'approval_status',
      'rejection_reason',
      'approval_decided_at',
      'is_active',
      'admin_paused_reason',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export type ModerationRow = NonNullable<Awaited<ReturnType<typeof selectModerationForUpdate>>>;

export async function updateApproval(
  db: Kysely<DB>,
  id: number,
  status: ApprovalStatus,
  reason: string | null,
): Promise<Date> {
  const row = await db
    .updateTable('restaurants')
    .set({
      approval_status: status,
      rejection_reason: reason,
      approval_decided_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning('approval_decided_at')
    .executeTakeFirstOrThrow();
  return row.approval_decided_at!;
}

/** An admin's pause (a reason) or its end (null): the owner's switch follows it. */
export async function updateAdminPause(
  db: Kysely<DB>,
  id: number,
  reason: string | null,
): Promise<void> {
  await db
    .updateTable('restaurants')
    .set({
      is_active: reason === null,
      admin_paused_reason: reason,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, UsersTable } from '#server/db/schema';

export type UserRow = Awaited<ReturnType<typeof selectUserById>> & {};

export function selectUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's avatar, with the row locked until the transaction ends; undefined: no such user. */
export async function selectAvatarForUpdate(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('users')
    .select('avatar')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.avatar;
}

export function selectCustomerByPhone(db: Kysely<DB>, phone: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'customer')
    .where('phone', '=', phone)
    .executeTakeFirst();
}

/** A staff-level account by username or email, both case-insensitive. */
export function selectStaffByLogin(db: Kysely<DB>, login: string) {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where('role', '<>', 'customer')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', lowered),
        eb(sql<string>`lower(email)`, '=', lowered),
      ]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<DB>, values: Insertable<UsersTable>) {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Kysely<DB>, id: number, values: Updateable<UsersTable>) {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Which of the given values another staff-level account already uses. */
export async function selectStaffConflicts(
  db: Kysely<DB>,
  values: { username?: string; phone?: string; email?: string },
  exceptId: number | null,
) {
  if (!values.username && !values.phone && !values.email) return [];
  return db
    .selectFrom('users')
    .select(['username', 'phone', 'email'])
    .where('role', '<>', 'customer')
    .where((eb) => {
      const any = [];
      if (values.username)
        any.push(eb(sql<string>`lower(username)`, '=', values.username.toLowerCase()));
      if (values.phone) any.push(eb('phone', '=', values.phone));
      if (values.email) any.push(eb(sql<string>`lower(email)`, '=', values.email.toLowerCase()));
      return eb.or(any);
    })
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
    .execute();
}

/** Whether the account is locked; a user deleted since the token was signed counts as locked. */
export async function selectLocked(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('locked_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.locked_at !== null;
}

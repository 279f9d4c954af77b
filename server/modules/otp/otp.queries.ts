import { sql, type Kysely } from 'kysely';
import type { DB, OtpPurpose } from '#server/db/schema';

/** Serialises OTP work per phone (send and verify) across requests and app instances. */
export async function lockPhone(db: Kysely<DB>, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`.execute(db);
}

/** Sends to this phone in the last hour, any purpose: newest and oldest times and count. */
export async function recentSendsToPhone(db: Kysely<DB>, phone: string) {
  return db
    .selectFrom('otp_challenges')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('newest'),
      sql<Date>`now()`.as('now'),
    ])
    .where('phone', '=', phone)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
}

export async function recentSendsFromIp(db: Kysely<DB>, ip: string) {
  return db
    .selectFrom('otp_challenges')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
}

/** A new code replaces any earlier one for the same phone and purpose. */
export async function retireOpenChallenges(db: Kysely<DB>, phone: string, purpose: OtpPurpose) {
  await db
    .updateTable('otp_challenges')
    .set({ consumed_at: sql<Date>`now()` })
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertChallenge(
  db: Kysely<DB>,
  values: {
    phone: string;
    purpose: OtpPurpose;
    userId: number | null;
    codeHmac: string;
    ip: string;
    ttlSeconds: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('otp_challenges')
    .values({
      phone: values.phone,
      purpose: values.purpose,
      user_id: values.userId,
      code_hmac: values.codeHmac,
      ip: values.ip,
      expires_at: sql<Date>`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteChallenge(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('otp_challenges').where('id', '=', id).execute();
}

/** The one code that can still be used for this phone and purpose, if any. */
export function selectOpenChallenge(db: Kysely<DB>, phone: string, purpose: OtpPurpose) {
  return db
    .selectFrom('otp_challenges')
    .select(['id', 'code_hmac', 'attempts', 'user_id'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function recordWrongAttempt(db: Kysely<DB>, id: number, maxAttempts: number) {
  // The fifth wrong try also consumes the code: nothing can use it afterwards.
  await db
    .updateTable('otp_challenges')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      consumed_at: sql<Date | null>`case when attempts + 1 >= ${maxAttempts} then now() else null end`,
    }))
    .where('id', '=', id)
    .execute();
}

/** Single use: only the first of two simultaneous correct submissions gets the row. */
export async function consumeChallenge(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_challenges')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

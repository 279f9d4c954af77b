import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema';

export async function insertRefreshToken(
  db: Kysely<DB>,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: values.userId,
      family_id: values.familyId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * The token and whether it was rotated less than `graceMs` ago, by the database's clock: the
 * instance that rotated it and the one asking now may not agree on the time.
 */
export function selectRefreshToken(db: Kysely<DB>, tokenHash: string, graceMs = 0) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'rotated_at', 'revoked_at', 'expires_at'])
    .select(
      sql<boolean>`coalesce(rotated_at > now() - make_interval(secs => ${graceMs / 1000}), false)`.as(
        'rotated_recently',
      ),
    )
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Another token of the family of token `id`, only while that one is unrevoked and was rotated
 * less than `graceMs` ago (one statement, so a sign-out in between is seen); false otherwise.
 */
export async function insertSiblingToken(
  db: Kysely<DB>,
  id: number,
  values: { tokenHash: string; expiresAt: Date; graceMs: number },
): Promise<boolean> {
  const rows = await db
    .insertInto('refresh_tokens')
    .columns(['user_id', 'family_id', 'token_hash', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select([
          'user_id',
          'family_id',
          sql<string>`${values.tokenHash}::text`.as('token_hash'),
          sql<Date>`${values.expiresAt}::timestamptz`.as('expires_at'),
        ])
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where(
          'rotated_at',
          '>',
          sql<Date>`now() - make_interval(secs => ${values.graceMs / 1000})`,
        ),
    )
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Marks a token as used; false when another request rotated or revoked it first. */
export async function markRotated(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Kysely<DB>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every sign-in of one user still open: all its families at once. */
export async function revokeUserTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Seconds until `until`, by the database's clock (0 once it has passed). */
const secondsLeft = sql<number>`greatest(0, ceil(extract(epoch from blocked_until - now())))::int`;

/** The wait, in seconds, before this account may be tried again from this source (0: none). */
export async function selectLoginWait(
  db: Kysely<DB>,
  userId: number,
  source: string,
): Promise<number> {
  const row = await db
    .selectFrom('login_throttles')
    .select(secondsLeft.as('wait'))
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();
  return row?.wait ?? 0;
}

/**
 * One more wrong password for this account from this source, in one statement (simultaneous
 * tries each count). From the `freeFailures`-th in a row on, the pair waits 2^(n - free) s,
 * at most `maxWaitSeconds`. A row whose last failure is older than `forgetAfterSeconds`
 * starts over. Returns the wait now in force, in seconds.
 */
export async function recordLoginFailure(
  db: Kysely<DB>,
  userId: number,
  source: string,
  rule: { freeFailures: number; maxWaitSeconds: number; forgetAfterSeconds: number },
): Promise<number> {
  // The rule's numbers are constants of the code, written into the statement as literals, so
  // PostgreSQL types them as integers inside the arithmetic.
  const free = sql.lit(rule.freeFailures);
  const failures = sql<number>`case
    when login_throttles.last_failure_at < now() - make_interval(secs => ${sql.lit(rule.forgetAfterSeconds)})
    then 1 else login_throttles.failures + 1 end`;
  const waitFor = (n: typeof failures) =>
    sql<Date | null>`case when ${n} >= ${free}
      then now() + least(power(2, ${n} - ${free}), ${sql.lit(rule.maxWaitSeconds)})
        * interval '1 second'
      end`;
  const row = await db
    .insertInto('login_throttles')
    .values({ user_id: userId, source, failures: 1, blocked_until: waitFor(sql<number>`1`) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'source']).doUpdateSet({
        failures,
        blocked_until: waitFor(failures),
        last_failure_at: sql<Date>`now()`,
      }),
    )
    .returning(secondsLeft.as('wait'))
    .executeTakeFirstOrThrow();
  return row.wait;
}

/** A right password from this source: its count starts again. */
export async function deleteLoginFailures(
  db: Kysely<DB>,
  userId: number,
  source: string,
): Promise<void> {
  await db
    .deleteFrom('login_throttles')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .execute();
}

/** Pairs with no failure for `seconds` (the hourly housekeeping); how many went. */
export async function deleteLoginFailuresOlderThan(
  db: Kysely<DB>,
  seconds: number,
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttles')
    .where('last_failure_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

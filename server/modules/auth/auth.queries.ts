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

export function selectRefreshToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'rotated_at', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
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

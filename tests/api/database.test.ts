import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createTestDatabase } from '../helpers/test-db';

describe('database layer (same behaviour on PGlite and PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    // The migrations themselves, from an empty database; the other files start from a copy.
    database = await createTestDatabase({ fromEmpty: true });
  });
  afterAll(() => database.close());

  it('has the search and distance extensions', async () => {
    const { rows } = await sql<{ plain: string; similar: boolean; km: number }>`
      select unaccent('Phở bò Đà Nẵng') as plain,
             similarity('pho bo', 'pho bo') > 0.9 as similar,
             round((earth_distance(ll_to_earth(21.0285, 105.8542), ll_to_earth(10.7769, 106.7009)) / 1000)::numeric) as km
    `.execute(database.db);
    // earthdistance uses a 6378.168 km radius: Hà Nội to TP.HCM comes out at 1145 km.
    expect(rows[0]).toEqual({ plain: 'Pho bo Da Nang', similar: true, km: 1145 });
  });

  it('returns the same JavaScript types on both engines', async () => {
    const { rows } = await sql<{ big: number; num: number; day: string; at: Date }>`
      select 9007199254740991::bigint as big, 4.5::numeric as num,
             date '2026-11-22' as day, timestamptz '2026-11-22T05:00:00Z' as at
    `.execute(database.db);
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      num: 4.5,
      day: '2026-11-22',
      at: new Date('2026-11-22T05:00:00Z'),
    });
  });

  it('applies nothing when migrated twice', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('categories').values({ name: 'Tạm thời' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const found = await database.db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', 'Tạm thời')
      .execute();
    expect(found).toEqual([]);
  });

  it('keeps concurrent transactions from seeing each other half-done', async () => {
    // Two transactions that each read, wait, then write: with a shared connection and no
    // lock they would interleave and the second write would fail the unique name.
    const attempt = (name: string) =>
      database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(42)`.execute(trx);
        const existing = await trx
          .selectFrom('categories')
          .select('id')
          .where('name', '=', 'Đua')
          .executeTakeFirst();
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (!existing) await trx.insertInto('categories').values({ name: 'Đua' }).execute();
        return name;
      });
    const results = await Promise.all([attempt('a'), attempt('b'), attempt('c')]);
    expect(results.sort()).toEqual(['a', 'b', 'c']);
    const rows = await database.db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', 'Đua')
      .execute();
    expect(rows).toHaveLength(1);
    await database.db.deleteFrom('categories').where('name', '=', 'Đua').execute();
  });

  it('reports affected rows of updates', async () => {
    const result = await database.db
      .updateTable('categories')
      .set({ name: sql`name` })
      .where('name', 'in', ['Mì', 'Món chính'])
      .executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(2);
  });
});

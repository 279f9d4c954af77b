import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FoodReplySchema } from '#contract/catalogue';
import { withTurn } from '#server/db/turns';
import { ALWAYS_OPEN, insertCatalogue } from '../helpers/catalogue';
import { createTestApp, holdConnection, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';

// The turn order and the read cache belong to the embedded database's one connection; on
// PostgreSQL each query has a pooled connection of its own and neither applies.
describe.skipIf(testLane() !== 'pglite')('the embedded database under a crowd', () => {
  let t: TestApp;
  let dishId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Lý Quốc Sư',
        lat: 21.0307,
        lon: 105.8489,
        hours: ALWAYS_OPEN,
        dishes: [{ name: 'Phở bò tái', price: 50_000, categories: ['Món chính'] }],
      },
    ]);
    dishId = restaurant!.dishes['Phở bò tái']!;
  });
  afterAll(() => t.close());

  const getDish = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/food/${dishId}/` });
    expect(res.statusCode).toBe(200);
    return FoodReplySchema.parse(res.json()).data;
  };

  it('serves a request of many queries before a flood of one-query requests that came after it', async () => {
    const db = t.database.db;
    const finished: string[] = [];
    const release = await holdConnection(t.database);
    const many = withTurn(async () => {
      for (let i = 0; i < 6; i++) await sql`select ${i}::int as n`.execute(db);
      finished.push('many');
    });
    // Its first query is queued before the flood arrives.
    await new Promise((resolve) => setImmediate(resolve));
    const flood = Array.from({ length: 40 }, (_, i) =>
      withTurn(async () => {
        await sql`select ${i}::int as n`.execute(db);
        finished.push(`one ${i}`);
      }),
    );
    await release();
    await Promise.all([many, ...flood]);
    // A plain queue would put each of its later queries behind all 40; in turn order, each
    // waits at most for the one query that took the backend while it was between two.
    expect(finished.indexOf('many')).toBeLessThanOrEqual(6);
    expect(finished).toHaveLength(41);
  });

  it('answers a repeated read at once while a transaction holds the backend', async () => {
    const before = await getDish();
    const release = await holdConnection(t.database);
    try {
      // Waiting for the backend here would never end: the transaction is released after.
      expect(await getDish()).toEqual(before);
    } finally {
      await release();
    }
  });

  it('never answers from before a write, whoever made it', async () => {
    expect((await getDish()).price).toBe(50_000);
    // Outside any request, as a restaurant's change or a timer would be.
    await t.database.db
      .updateTable('foods')
      .set({ price: 55_000 })
      .where('id', '=', dishId)
      .execute();
    expect((await getDish()).price).toBe(55_000);
    // Inside a transaction: visible from its commit on.
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('foods').set({ price: 60_000 }).where('id', '=', dishId).execute();
    });
    expect((await getDish()).price).toBe(60_000);
    const rolledBack = t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('foods').set({ price: 1_000 }).where('id', '=', dishId).execute();
      throw new Error('undone');
    });
    await expect(rolledBack).rejects.toThrow('undone');
    expect((await getDish()).price).toBe(60_000);
  });

  it('never caches what changes with the clock or by chance', async () => {
    const db = t.database.db;
    const read = () =>
      withTurn(
        async () =>
          (
            await sql<{
              at: string;
              r: number;
            }>`select clock_timestamp()::text as at, random() as r`.execute(db)
          ).rows[0]!,
        { readsFromCache: true },
      );
    const first = await read();
    // The embedded database's clock counts whole milliseconds: let one pass, so an equal time can
    // only come from the cache.
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = await read();
    expect(second.r).not.toBe(first.r);
    expect(second.at).not.toBe(first.at);
  });

  it('hands each reader a copy, so one changing its rows changes nobody else’s', async () => {
    const db = t.database.db;
    const read = () =>
      withTurn(
        () => db.selectFrom('foods').select(['id', 'name']).where('id', '=', dishId).execute(),
        { readsFromCache: true },
      );
    const first = await read();
    first[0]!.name = 'changed by a caller';
    expect((await read())[0]!.name).toBe('Phở bò tái');
  });

  it('keeps the SQLSTATE of a failed statement', async () => {
    const error = await t.database.db
      .insertInto('categories')
      .values({ name: 'Mì' })
      .execute()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505' });
  });
});

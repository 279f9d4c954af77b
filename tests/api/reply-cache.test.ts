import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import { CATALOGUE_TABLES } from '#server/db/migrations/2026-11-27-0012-catalogue-generation';
import type { Food } from '#contract/catalogue';
import type { Database } from '#server/db/database';
import { call } from '../helpers/auth';
import { insertCatalogue, NEVER_OPEN } from '../helpers/catalogue';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createPostgresDatabase,
  createTestDatabase,
  openPostgresDatabase,
  testLane,
} from '../helpers/test-db';

const HOAN_KIEM = 'lat=21.0285&lon=105.8542';
const LIST = `/api/food/?${HOAN_KIEM}&per_page=20`;
const SEARCH = `/api/search/?q=pho&${HOAN_KIEM}`;
const CATEGORIES = '/api/category/';
/** Headers that are the request's own, never the kept reply's. */
const PER_REQUEST = ['x-request-id', 'date', 'connection', 'keep-alive'];

/**
 * Two connections to one database, as two instances behind nginx have: two pools on
 * PostgreSQL; on the embedded database, which one process owns, the same one twice.
 */
async function sharedDatabase(): Promise<{ a: Database; b: Database; close(): Promise<void> }> {
  if (testLane() === 'pglite') {
    const a = await createTestDatabase();
    return { a, b: a, close: () => a.close() };
  }
  const template = inject('databaseTemplate');
  const created = await createPostgresDatabase(
    template?.lane === 'postgres' ? template.name : undefined,
  );
  const a = openPostgresDatabase(created.url, 4);
  const b = openPostgresDatabase(created.url, 4);
  if (template?.lane !== 'postgres') await migrateToLatest(a.db);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await created.drop();
    },
  };
}

describe('kept replies of the public catalogue', () => {
  let databases: Awaited<ReturnType<typeof sharedDatabase>>;
  let t: TestApp;
  let other: TestApp;
  let shop: { id: number; dishes: Record<string, number> };
  let pending: { id: number; dishes: Record<string, number> };
  let lunch: { id: number; dishes: Record<string, number> };
  let owner: TestUser;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    databases = await sharedDatabase();
    t = await createTestApp({ database: databases.a });
    other = await createTestApp({ database: databases.b });
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Thìn Lò Đúc',
        lat: 21.0175,
        lon: 105.8553,
        dishes: [
          {
            name: 'Phở bò tái',
            price: 60_000,
            categories: ['Món chính'],
            toppings: [{ name: 'Quẩy', price: 5_000 }],
          },
          { name: 'Phở gà', price: 55_000, categories: ['Món chính'] },
          // Enough dishes that the list is over the compression threshold.
          ...Array.from({ length: 12 }, (_, i) => ({
            name: `Bánh cuốn nhân thịt số ${i + 1}`,
            price: 30_000 + i * 1_000,
            description: 'Bánh cuốn tráng tay, nhân thịt băm và mộc nhĩ, ăn kèm chả quế',
          })),
        ],
      },
      {
        name: 'Phở Mới Mở',
        lat: 21.029,
        lon: 105.852,
        approval: 'pending',
        dishes: [{ name: 'Phở cuốn', price: 45_000 }],
      },
      {
        name: 'Cơm Trưa Văn Phòng',
        lat: 21.03,
        lon: 105.85,
        hours: { ...NEVER_OPEN, fri: [{ open: '11:00', close: '14:00' }] },
        dishes: [{ name: 'Cơm rang dưa bò', price: 45_000 }],
      },
    ]);
    [shop, pending, lunch] = [created[0]!, created[1]!, created[2]!];
    owner = await ownerOf(t, shop.id);
    admin = await newUser(t, 'admin');
    customer = await newUser(t, 'customer');
  });

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await databases?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, app = t) =>
    app.app.inject({ method: 'GET', url, headers });

  const json = (res: LightMyRequestResponse): unknown => {
    const encoding = res.headers['content-encoding'];
    const raw = res.rawPayload;
    const text =
      encoding === 'br'
        ? brotliDecompressSync(raw).toString()
        : encoding === 'gzip'
          ? gunzipSync(raw).toString()
          : raw.toString();
    return JSON.parse(text) as unknown;
  };

  const sameHeaders = (res: LightMyRequestResponse) =>
    Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.includes(name)));

  /** A write the triggers do not see: what a kept reply would hide, were it served. */
  const writeUnseen = (statement: RawBuilder<unknown>) =>
    t.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  const dish = (id: number) =>
    get(`/api/food/${id}/`).then((res) => (json(res) as { data: Food }).data);
  const listNames = async (url = LIST) =>
    (json(await get(url)) as { data: { items: { name: string }[] } }).data.items.map((d) => d.name);
  const searchNames = async () =>
    (
      json(await get(SEARCH)) as { data: { items: { searched_foods: { name: string }[] }[] } }
    ).data.items.flatMap((r) => r.searched_foods.map((d) => d.name));

  it('serves the same bytes and headers again, per encoding, while nothing changed', async () => {
    const pho = shop.dishes['Phở bò tái']!;
    const urls = [CATEGORIES, LIST, `/api/food/${pho}/`, SEARCH];
    const encodings: Record<string, string>[] = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip' },
      {},
    ];
    const first = new Map<string, LightMyRequestResponse>();
    for (const url of urls) {
      for (const headers of encodings)
        first.set(`${url} ${JSON.stringify(headers)}`, await get(url, headers));
    }
    expect(first.get(`${LIST} ${JSON.stringify(encodings[0])}`)!.headers['content-encoding']).toBe(
      'br',
    );
    expect(first.get(`${LIST} ${JSON.stringify(encodings[1])}`)!.headers['content-encoding']).toBe(
      'gzip',
    );
    expect(first.get(`${LIST} ${JSON.stringify(encodings[2])}`)!.headers['content-encoding']).toBe(
      undefined,
    );

    // Renamed behind the triggers' back: only a reply built again would show it.
    await writeUnseen(sql`update foods set name = 'Phở bò chín' where id = ${pho}`);
    await writeUnseen(sql`update categories set name = 'Món chính ngon' where name = 'Món chính'`);
    for (const url of urls) {
      for (const headers of encodings) {
        const again = await get(url, { ...headers, 'x-request-id': 'kept-reply-0001' });
        const before = first.get(`${url} ${JSON.stringify(headers)}`)!;
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.equals(before.rawPayload)).toBe(true);
        expect(sameHeaders(again)).toEqual(sameHeaders(before));
        // The hooks of every reply still ran for it.
        expect(again.headers['x-request-id']).toBe('kept-reply-0001');
        expect(again.headers['cache-control']).toBe('no-store');
        expect(again.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    // The query's parameters in another order are the same question.
    const reordered = `/api/food/?per_page=20&lon=105.8542&lat=21.0285`;
    expect(await listNames(reordered)).toContain('Phở bò tái');

    // Any write the triggers see (here one that changes nothing) ends every kept reply.
    await sql`update foods set price = price where id = ${pho}`.execute(t.database.db);
    expect((await dish(pho)).name).toBe('Phở bò chín');
    expect(await listNames()).toContain('Phở bò chín');
    expect(await searchNames()).toContain('Phở bò chín');
    const categories = (json(await get(CATEGORIES)) as { data: { name: string }[] }).data;
    expect(categories.map((c) => c.name)).toContain('Món chính ngon');

    await sql`update foods set name = 'Phở bò tái' where id = ${pho}`.execute(t.database.db);
    await sql`update categories set name = 'Món chính' where name = 'Món chính ngon'`.execute(
      t.database.db,
    );
    expect((await dish(pho)).name).toBe('Phở bò tái');
  });

  it('shows every kind of catalogue write on the next read', async () => {
    const pho = shop.dishes['Phở bò tái']!;
    const ga = shop.dishes['Phở gà']!;
    // Each read below first fills the cache, so the one after the write must see the write.
    await dish(pho);
    await listNames();
    await searchNames();

    // A dish edited through the staff API.
    let res = await call(t.app, 'PUT', `/api/staff/foods/${pho}/`, {
      token: owner.token,
      body: { price: 65_000 },
    });
    expect(res.status).toBe(200);
    expect((await dish(pho)).price).toBe(65_000);

    // Its toppings changed through the staff API.
    const [quay] = (await dish(pho)).toppings as { id: number }[];
    res = await call(t.app, 'PUT', `/api/staff/foods/${pho}/`, {
      token: owner.token,
      body: { toppings: [{ id: quay!.id, name: 'Quẩy giòn', price: 6_000 }] },
    });
    expect(res.status).toBe(200);
    expect((await dish(pho)).toppings).toEqual([{ id: quay!.id, name: 'Quẩy giòn', price: 6_000 }]);

    // A category linked to the dish.
    expect((await dish(ga)).categories).toEqual(['Món chính']);
    await sql`insert into food_categories (food_id, category_id)
      select ${ga}, id from categories where name = 'Mì'`.execute(t.database.db);
    expect([...(await dish(ga)).categories].sort()).toEqual(['Mì', 'Món chính']);

    // A review.
    expect(await dish(ga)).toMatchObject({ rating: null, review_count: 0 });
    await t.database.db
      .insertInto('reviews')
      .values({ food_id: ga, customer_id: customer.id, rating: 4 })
      .execute();
    expect(await dish(ga)).toMatchObject({ rating: 4, review_count: 1 });

    // The restaurant renamed.
    await sql`update restaurants set name = 'Phở Thìn 13 Lò Đúc' where id = ${shop.id}`.execute(
      t.database.db,
    );
    expect((await dish(ga)).restaurant.name).toBe('Phở Thìn 13 Lò Đúc');

    // A restaurant approved: its dishes join the list and the search.
    expect(await listNames()).not.toContain('Phở cuốn');
    expect(await searchNames()).not.toContain('Phở cuốn');
    res = await call(t.app, 'PUT', `/api/admin/restaurants/${pending.id}/approve/`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(await listNames()).toContain('Phở cuốn');
    expect(await searchNames()).toContain('Phở cuốn');

    // A dish deleted through the staff API.
    res = await call(t.app, 'DELETE', `/api/staff/foods/${ga}/`, { token: owner.token });
    expect(res.status).toBe(200);
    const gone = await get(`/api/food/${ga}/`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toMatchObject({ code: 'FOOD_NOT_FOUND', message: 'Không tìm thấy món ăn' });
    expect(await listNames()).not.toContain('Phở gà');
    expect(await searchNames()).not.toContain('Phở gà');
  });

  it("shows a write through one instance on another instance's next read", async () => {
    const pho = shop.dishes['Phở bò tái']!;
    const onOther = async () =>
      (json(await get(`/api/food/${pho}/`, {}, other)) as { data: Food }).data;
    const before = await onOther();
    expect(await onOther()).toEqual(before);
    const res = await call(t.app, 'PUT', `/api/staff/foods/${pho}/`, {
      token: owner.token,
      body: { price: before.price + 1_000, description: 'Nước dùng ninh xương 12 tiếng' },
    });
    expect(res.status).toBe(200);
    expect(await onOther()).toMatchObject({
      price: before.price + 1_000,
      description: 'Nước dùng ninh xương 12 tiếng',
    });
  });

  it('says a restaurant opened when the minute crosses its opening time', async () => {
    const rice = lunch.dishes['Cơm rang dưa bò']!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Friday 27 November 2026, 10:59:30 in Hà Nội; the restaurant opens at 11:00.
      vi.setSystemTime(new Date('2026-11-27T03:59:30Z'));
      expect((await dish(rice)).restaurant.is_open_now).toBe(false);
      vi.setSystemTime(new Date('2026-11-27T03:59:59Z'));
      expect((await dish(rice)).restaurant.is_open_now).toBe(false);
      vi.setSystemTime(new Date('2026-11-27T04:00:00Z'));
      expect((await dish(rice)).restaurant.is_open_now).toBe(true);
      // 14:00 closes it again.
      vi.setSystemTime(new Date('2026-11-27T07:00:00Z'));
      expect((await dish(rice)).restaurant.is_open_now).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a signed-in caller the same as anyone, and sees writes for them too', async () => {
    const pho = shop.dishes['Phở bò tái']!;
    const anonymous = await get(`/api/food/${pho}/`);
    const signedIn = await get(`/api/food/${pho}/`, { authorization: `Bearer ${customer.token}` });
    const badToken = await get(`/api/food/${pho}/`, {
      authorization: 'Bearer not-a-token',
      cookie: 'session=abc',
    });
    for (const res of [signedIn, badToken]) {
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(json(anonymous));
    }
    await sql`update foods set description = 'Bò tái chanh' where id = ${pho}`.execute(
      t.database.db,
    );
    const after = await get(`/api/food/${pho}/`, { authorization: `Bearer ${customer.token}` });
    expect((json(after) as { data: Food }).data.description).toBe('Bò tái chanh');
  });

  it('keeps no error and no failed validation', async () => {
    const missing = await get('/api/food/99999999/');
    expect(missing.statusCode).toBe(404);
    const bad = await get('/api/search/?min_price=50000&max_price=1000');
    expect(bad.statusCode).toBe(400);
    // The dish created now is found at once under the same URL that answered 404 before.
    const created = await call<{ data: { id: number } }>(t.app, 'POST', '/api/staff/foods/', {
      token: owner.token,
      body: { name: 'Phở trộn', price: 70_000 },
    });
    expect(created.status).toBe(201);
    expect((await dish(created.body.data.id)).name).toBe('Phở trộn');
  });

  it('moves the generation with every writing transaction on every catalogue table', async () => {
    const generation = async () =>
      BigInt(
        (
          await sql<{ n: string }>`select n::text as n from catalogue_generation`.execute(
            t.database.db,
          )
        ).rows[0]!.n,
      );
    // A column of each table to set to itself.
    const column: Record<(typeof CATALOGUE_TABLES)[number], string> = {
      restaurants: 'name',
      foods: 'name',
      food_categories: 'food_id',
      categories: 'name',
      toppings: 'name',
      reviews: 'rating',
    };
    for (const table of CATALOGUE_TABLES) {
      const name = sql.table(table);
      const set = sql.ref(column[table]);
      for (const statement of [
        // Statement-level: a statement that touches no row counts as much as one that does.
        sql`insert into ${name} (${set}) select ${set} from ${name} where false`,
        sql`update ${name} set ${set} = ${set} where false`,
        sql`delete from ${name} where false`,
      ]) {
        const before = await generation();
        await statement.execute(t.database.db);
        expect({ table, moved: (await generation()) - before }).toEqual({ table, moved: 1n });
      }
    }
    // A transaction moves it once, however many writes it holds (they become visible together),
    // and a savepoint rolled back takes its bump with it, so the next write bumps again.
    let before = await generation();
    await t.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++)
        await sql`update foods set price = price where false`.execute(trx);
      await sql`update reviews set rating = rating where false`.execute(trx);
    });
    expect((await generation()) - before).toBe(1n);
    before = await generation();
    await t.database.db.transaction().execute(async (trx) => {
      await sql`savepoint first`.execute(trx);
      await sql`update foods set price = price where false`.execute(trx);
      await sql`rollback to savepoint first`.execute(trx);
      await sql`update toppings set price = price where false`.execute(trx);
    });
    expect((await generation()) - before).toBe(1n);
    // A write rolled back moves nothing.
    before = await generation();
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update foods set price = price + 1`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await generation()).toBe(before);
  });

  // Two pools over one PostgreSQL; the embedded database runs one transaction at a time.
  it.skipIf(testLane() === 'pglite')(
    'lets two catalogue writers that cross each other wait their turn instead of deadlocking',
    async () => {
      const dish = shop.dishes['Phở bò tái']!;
      // A has bumped the generation (a write that locks no row) and then writes the dish; B
      // writes the dish in between. With the bump after B's statement, B would hold the dish
      // and wait for the generation while A waits for the dish: PostgreSQL would abort one.
      let bumped!: () => void;
      const hasBumped = new Promise<void>((resolve) => (bumped = resolve));
      let goOn!: () => void;
      const mayGoOn = new Promise<void>((resolve) => (goOn = resolve));
      const a = databases.a.db.transaction().execute(async (trx) => {
        await sql`update reviews set rating = rating where false`.execute(trx);
        bumped();
        await mayGoOn;
        await sql`update foods set price = price where id = ${dish}`.execute(trx);
      });
      await hasBumped;
      const b = databases.b.db.transaction().execute(async (trx) => {
        await sql`update foods set price = price where id = ${dish}`.execute(trx);
      });
      // B is queued behind A's lock before A goes on.
      await vi.waitFor(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`.execute(t.database.db);
        expect(rows[0]!.n).toBe(1);
      });
      goOn();
      await expect(Promise.all([a, b])).resolves.toEqual([undefined, undefined]);
    },
  );
});

import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderReplySchema } from '#contract/orders';
import type { Profile } from '#contract/profile';
import type { StaffFood } from '#contract/staff-menu';
import { importLegacyUploads } from '#server/storage/uploads-import';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { multipart, type FilePart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

const NOT_FOUND = {
  success: false,
  code: 'NOT_FOUND',
  message: 'Không tìm thấy đường dẫn này',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

const picture = (name: string, data: Buffer): FilePart => ({
  name,
  filename: `${name}.png`,
  contentType: 'image/png',
  data,
});

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

describe('uploaded files in the database, served by every instance', () => {
  /** Two app instances on one database, as behind a load balancer. */
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let customer: TestUser;
  let restaurantId: number;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
    const [restaurant] = await insertCatalogue(a.database.db, [
      { name: 'Quán Ảnh', lat: 21.03, lon: 105.85, dishes: [{ name: 'Phở cuốn', price: 50_000 }] },
    ]);
    restaurantId = restaurant!.id;
    owner = await ownerOf(a, restaurantId);
    customer = await newUser(a, 'customer', { full_name: 'Lan' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  const send = async (
    app: TestApp,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: TestUser,
    fields: Record<string, string> = {},
    files: FilePart[] = [],
  ) => {
    const form = multipart(fields, files);
    const res = await app.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(method === 'DELETE' ? {} : form.headers),
      },
      ...(method === 'DELETE' ? {} : { payload: form.payload }),
    });
    return { status: res.statusCode, body: res.json<{ data: StaffFood; code?: string }>() };
  };

  const uploadAvatar = async (app: TestApp, color: string) => {
    const res = await send(app, 'PUT', '/api/customer/profile/', customer, {}, [
      picture('avatar', await png(300, 300, color)),
    ]);
    expect(res.status).toBe(200);
    return (res.body.data as unknown as Profile).avatar!;
  };

  const dishWithPicture = async (name: string, color: string) => {
    const res = await send(a, 'POST', '/api/staff/foods/', owner, { name, price: '45000' }, [
      picture('image', await png(120, 90, color)),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  const changePicture = async (foodId: number, color: string) => {
    const res = await send(a, 'PUT', `/api/staff/foods/${foodId}/`, owner, {}, [
      picture('image', await png(100, 80, color)),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.image_url!;
  };

  const storedNames = async () =>
    (await a.database.db.selectFrom('uploads').select('name').orderBy('name').execute()).map(
      (row) => row.name,
    );

  /** Stored names that a row holds but the table lacks: a broken picture somewhere. */
  const danglingNames = async () => {
    const db = a.database.db;
    const named = [
      ...(await db.selectFrom('users').select('avatar as name').execute()),
      ...(await db.selectFrom('restaurants').select('image as name').execute()),
      ...(await db.selectFrom('restaurants').select('cover as name').execute()),
      ...(await db.selectFrom('restaurants').select('logo as name').execute()),
      ...(await db.selectFrom('foods').select('image as name').execute()),
      ...(await db.selectFrom('order_items').select('food_image as name').execute()),
    ]
      .map((row) => row.name)
      .filter((name): name is string => !!name && !/^https?:\/\//.test(name));
    const stored = new Set(await storedNames());
    return [...new Set(named)].filter((name) => !stored.has(name));
  };

  const expectNotFound = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(NOT_FOUND);
  };

  it('serves a file uploaded through one instance from the other: same bytes, ETag, caching and 304', async () => {
    const url = await uploadAvatar(a, '#2a6');
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    const fromA = await get(a, url);
    const fromB = await get(b, url);
    for (const res of [fromA, fromB]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toBe(etagOf(fromA.rawPayload));
    }
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(await sharp(fromB.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    // Again from B's own copy: the same file.
    const again = await get(b, url);
    expect(again.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(fromA.headers.etag);

    const etag = fromA.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await get(b, url, { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe(IMMUTABLE);
    }
    const changed = await get(a, url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(fromA.rawPayload)).toBe(true);

    const head = await b.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it.each([
    ['a name that was never stored', `/uploads/avatars/${randomUUID()}.webp`],
    ['the folder alone', '/uploads/avatars/'],
    ['the prefix alone', '/uploads/'],
    ['the prefix without its slash', '/uploads'],
    ['a second folder', `/uploads/avatars/x/${randomUUID()}.webp`],
    ['an encoded traversal', '/uploads/..%2f..%2fpackage.json'],
    ['a traversal inside the folder', '/uploads/avatars/..%2f..%2f.env'],
    ['a dotted name', '/uploads/avatars/.hidden.webp'],
    ['a query on a missing name', `/uploads/foods/${randomUUID()}.webp?v=1`],
  ])('answers %s with the JSON 404 on both instances', async (_label, url) => {
    expectNotFound(await get(a, url));
    expectNotFound(await get(b, url));
    expect((await get(b, url, { 'if-none-match': '*' })).statusCode).toBe(404);
  });

  it('deletes a replaced avatar: 404 on both instances, also on one that served it before', async () => {
    const first = await uploadAvatar(b, '#a26');
    expect((await get(b, first)).statusCode).toBe(200);
    expect((await get(a, first)).statusCode).toBe(200);

    const second = await uploadAvatar(a, '#62a');
    expect(second).not.toBe(first);
    expectNotFound(await get(a, first));
    expectNotFound(await get(b, first));
    expectNotFound(await get(b, first));
    expect((await get(b, second)).statusCode).toBe(200);
    const avatars = (await storedNames()).filter((name) => name.startsWith('avatars/'));
    expect(avatars).toEqual([second.replace('/uploads/', '')]);
  });

  it("deletes a dish's replaced and deleted pictures, but keeps the one an order shows", async () => {
    const dish = await dishWithPicture('Bánh cuốn', '#c82');
    const first = dish.image_url!;
    expect((await get(b, first)).statusCode).toBe(200);

    // Replaced while no order names it: gone with the change.
    const second = await changePicture(dish.id, '#28c');
    expectNotFound(await get(a, first));
    expectNotFound(await get(b, first));

    // Ordered, then replaced: the order's snapshot keeps it.
    const order = await placeOrder(a, customer, dish.id);
    expect(order.items[0]!.food_image).toBe(second);
    const third = await changePicture(dish.id, '#8c2');
    expect((await get(b, second)).statusCode).toBe(200);
    const seen = await call(a.app, 'GET', `/api/customer/orders/${order.id}/`, {
      token: customer.token,
    });
    expect(OrderReplySchema.parse(seen.body).data.items[0]!.food_image).toBe(second);

    // Deleted: its own picture goes; the ordered one stays for the order.
    const deleted = await send(b, 'DELETE', `/api/staff/foods/${dish.id}/`, owner);
    expect(deleted.status).toBe(200);
    expectNotFound(await get(a, third));
    expectNotFound(await get(b, third));
    expect((await get(a, second)).statusCode).toBe(200);
    expect(await danglingNames()).toEqual([]);
  });

  it("deletes a dish's picture when a link replaces it, and none when a link replaces a link", async () => {
    const dish = await dishWithPicture('Chả mực', '#777');
    const res = await call<{ data: StaffFood }>(a.app, 'PUT', `/api/staff/foods/${dish.id}/`, {
      token: owner.token,
      body: { image_url: 'https://cdn.example.vn/cha-muc.jpg' },
    });
    expect(res.body.data.image_url).toBe('https://cdn.example.vn/cha-muc.jpg');
    expectNotFound(await get(b, dish.image_url!));
    const before = await storedNames();
    const again = await call(a.app, 'PUT', `/api/staff/foods/${dish.id}/`, {
      token: owner.token,
      body: { image_url: 'https://cdn.example.vn/cha-muc-2.jpg' },
    });
    expect(again.status).toBe(200);
    expect(await storedNames()).toEqual(before);
  });

  it('keeps the old picture and stores no new one when the change fails inside its transaction', async () => {
    const dish = await dishWithPicture('Bún thang', '#4a4');
    const before = await storedNames();
    // The topping check runs inside the transaction, after the new picture was inserted.
    const res = await send(
      a,
      'PUT',
      `/api/staff/foods/${dish.id}/`,
      owner,
      { toppings: JSON.stringify([{ id: 2_000_000_000, name: 'Trứng', price: 5_000 }]) },
      [picture('image', await png(90, 90, '#fff'))],
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOPPING_INVALID');
    expect(await storedNames()).toEqual(before);
    expect((await get(b, dish.image_url!)).statusCode).toBe(200);
  });

  it('deletes a replaced restaurant cover and logo, on both instances', async () => {
    const first = await send(a, 'PUT', '/api/staff/restaurant/', owner, {}, [
      picture('cover', await png(600, 250, '#135')),
      picture('logo', await png(100, 100, '#531')),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const old = first.body.data as unknown as { cover_url: string; logo_url: string };
    expect((await get(b, old.cover_url)).statusCode).toBe(200);

    const second = await send(b, 'PUT', '/api/staff/restaurant/', owner, {}, [
      picture('cover', await png(600, 250, '#351')),
      picture('logo', await png(100, 100, '#153')),
    ]);
    expect(second.status).toBe(200);
    const next = second.body.data as unknown as { cover_url: string; logo_url: string };
    for (const url of [old.cover_url, old.logo_url]) {
      expectNotFound(await get(a, url));
      expectNotFound(await get(b, url));
    }
    for (const url of [next.cover_url, next.logo_url]) {
      expect((await get(a, url)).statusCode).toBe(200);
    }
    expect(await danglingNames()).toEqual([]);
  });

  it.runIf(testLane() === 'postgres')(
    'never leaves an order with a deleted picture while its dish is edited under concurrent checkouts',
    async () => {
      const dish = await dishWithPicture('Cơm rang', '#963');
      const customers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => newUser(a, 'customer', { full_name: `Khách ${i}` })),
      );
      await Promise.all([
        ...customers.map((buyer, i) => placeOrder(i % 2 ? a : b, buyer, dish.id)),
        (async () => {
          for (const color of ['#111', '#222', '#333', '#444', '#555']) {
            await changePicture(dish.id, color);
          }
        })(),
      ]);
      expect(await danglingNames()).toEqual([]);
    },
  );
});

describe('files an older version kept under DATA_DIR/uploads', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'mn-legacy-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const write = (name: string, data: Buffer) => {
    const file = path.join(dataDir, 'uploads', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
  };

  it('moves them into the table under the same names, once, and leaves what is not an upload', async () => {
    const avatar = `avatars/${randomUUID()}.webp`;
    const cover = `restaurants/${randomUUID()}.png`;
    const already = `foods/${randomUUID()}.webp`;
    const avatarBytes = await sharp(await png(40, 40, '#0a0'))
      .webp()
      .toBuffer();
    const coverBytes = await png(80, 40, '#00a');
    write(avatar, avatarBytes);
    write(cover, coverBytes);
    write(already, avatarBytes);
    // Stopped after its insert and before deleting the file, an earlier run left both.
    await t.database.db
      .insertInto('uploads')
      .values({
        name: already,
        content_type: 'image/webp',
        etag: etagOf(avatarBytes),
        bytes: avatarBytes,
      })
      .execute();
    const notImage = `avatars/${randomUUID()}.webp`;
    write(notImage, Buffer.from('<!doctype html><script>alert(1)</script>'));
    write('notes.txt', Buffer.from('ghi chú'));
    write('avatars/ảnh cũ.webp', avatarBytes);

    // A user who had the legacy avatar keeps it.
    const user = await newUser(t, 'customer', { full_name: 'Cũ' });
    await t.database.db
      .updateTable('users')
      .set({ avatar: avatar })
      .where('id', '=', user.id)
      .execute();

    const result = await importLegacyUploads(t.database.db, dataDir);
    expect(result.imported).toBe(3);
    expect(result.left.sort()).toEqual(['avatars/ảnh cũ.webp', notImage, 'notes.txt'].sort());

    const profile = await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', {
      token: user.token,
    });
    expect(profile.body.data.avatar).toBe(`/uploads/${avatar}`);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(avatarBytes)).toBe(true);
    expect(served.headers.etag).toBe(etagOf(avatarBytes));
    const png_ = await t.app.inject({ method: 'GET', url: `/uploads/${cover}` });
    expect(png_.headers['content-type']).toBe('image/png');
    expect(png_.rawPayload.equals(coverBytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${notImage}` })).statusCode).toBe(
      404,
    );

    // Imported files are gone from disk, emptied folders with them; the rest stays.
    const root = path.join(dataDir, 'uploads');
    expect(existsSync(path.join(root, 'restaurants'))).toBe(false);
    expect(existsSync(path.join(root, 'foods'))).toBe(false);
    expect(readdirSync(path.join(root, 'avatars')).sort()).toEqual(
      ['ảnh cũ.webp', notImage.split('/')[1]!].sort(),
    );

    const again = await importLegacyUploads(t.database.db, dataDir);
    expect(again.imported).toBe(0);
    expect(again.left.sort()).toEqual(result.left.sort());
  });

  it('does nothing without an uploads folder', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'mn-legacy-none-'));
    try {
      expect(await importLegacyUploads(t.database.db, empty)).toEqual({ imported: 0, left: [] });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

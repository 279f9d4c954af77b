import { createServer, type Server } from 'node:http';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHours } from '#contract/catalogue';
import { StaffRestaurantSchema, type StaffRestaurant } from '#contract/staff-restaurant';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { newUser, ownerOf, type TestUser } from '../factories/users';
import { multipart, type FilePart } from '../helpers/multipart';
import { png, pngBomb } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Body {
  success: boolean;
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
  data?: StaffRestaurant;
}

const NONE = {
  success: false,
  code: 'RESTAURANT_NONE',
  message: 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.',
};
const URL_MESSAGE = 'Đường dẫn ảnh phải bắt đầu bằng http:// hoặc https://';
const OVERLAP = 'Các khung giờ mở cửa không được chồng lên nhau';

const CLOSED: OpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const HOURS: OpeningHours = {
  ...CLOSED,
  mon: [
    { open: '07:00', close: '14:00' },
    { open: '17:00', close: '22:00' },
  ],
  fri: [{ open: '18:00', close: '02:00' }],
  sun: [{ open: '00:00', close: '24:00' }],
};

const FIELDS_A = {
  name: 'Bún Chả Hàng Bạc',
  address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  phone: '0243 826 1234',
  email: 'Quan@BunCha.vn',
  description: 'Bún chả than hoa từ 1985',
};
const FIELDS_B = {
  name: 'Cơm Tấm Sài Gòn',
  address: '12 Lê Lợi, Quận 1, TP.HCM',
  phone: '0283 822 5678',
  email: 'comtam@example.vn',
};

const file = (name: string, filename: string, contentType: string, data: Buffer): FilePart => ({
  name,
  filename,
  contentType,
  data,
});

/** The public fields that do not drift with the clock. */
const stable = (data: StaffRestaurant | undefined) => {
  const { is_open_now: _open, ...rest } = data!;
  return rest;
};

describe('the staff restaurant', () => {
  let t: TestApp;
  let ownerA: TestUser;
  let ownerB: TestUser;
  let ownerC: TestUser;
  let customer: TestUser;
  let admin: TestUser;
  let loneStaff: TestUser;
  let restaurantA: StaffRestaurant;
  let restaurantB: StaffRestaurant;

  beforeAll(async () => {
    t = await createTestApp();
    ownerA = await newUser(t, 'owner');
    ownerB = await newUser(t, 'owner');
    ownerC = await newUser(t, 'owner');
    customer = await newUser(t, 'customer');
    admin = await newUser(t, 'admin');
    loneStaff = await newUser(t, 'staff');
  });
  afterAll(() => t.close());

  const send = (
    method: InjectOptions['method'],
    url: string,
    who: TestUser | null,
    body?: unknown,
  ) =>
    call<Body>(t.app, method, url, {
      ...(who ? { token: who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  const get = (who: TestUser) => send('GET', '/api/staff/restaurant/', who);
  const create = (who: TestUser, body: unknown) =>
    send('POST', '/api/staff/restaurant/create/', who, body);
  const update = (who: TestUser, body: unknown) => send('PUT', '/api/staff/restaurant/', who, body);
  const setHours = (who: TestUser, opening_hours: unknown) =>
    send('PUT', '/api/staff/restaurant/hours/', who, { opening_hours });
  const upload = async (
    method: 'POST' | 'PUT',
    who: TestUser,
    fields: Record<string, string>,
    files: FilePart[],
  ) => {
    const form = multipart(fields, files);
    const res = await t.app.inject({
      method,
      url: method === 'POST' ? '/api/staff/restaurant/create/' : '/api/staff/restaurant/',
      headers: { ...form.headers, authorization: `Bearer ${who.token}` },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json<Body>() };
  };
  /** The names in the uploads table under restaurants/, which a refused request must leave as they were. */
  const storedFiles = async () =>
    (
      await t.database.db
        .selectFrom('uploads')
        .select('name')
        .where('name', 'like', 'restaurants/%')
        .orderBy('name')
        .execute()
    ).map((row) => row.name);
  const restaurantCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('restaurants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers RESTAURANT_NONE to an owner, a staff member or an admin without a restaurant', async () => {
    for (const who of [ownerA, loneStaff, admin]) {
      const res = await get(who);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NONE);
    }
    for (const res of [
      await update(ownerA, { name: 'Quán mới' }),
      await setHours(ownerA, HOURS),
      await send('PUT', '/api/staff/restaurant/toggle/', loneStaff),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NONE);
    }
  });

  const ROUTES: [InjectOptions['method'], string, unknown][] = [
    ['GET', '/api/staff/restaurant/', undefined],
    ['POST', '/api/staff/restaurant/create/', FIELDS_A],
    ['PUT', '/api/staff/restaurant/', { name: 'Tên khác' }],
    ['PUT', '/api/staff/restaurant/hours/', { opening_hours: HOURS }],
    ['PUT', '/api/staff/restaurant/toggle/', undefined],
  ];

  it.each(ROUTES)(
    'refuses %s %s to anonymous callers (401) and customers (403)',
    async (method, url, body) => {
      const anonymous = await send(method, url, null, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Vui lòng đăng nhập để tiếp tục',
      });
      const asCustomer = await send(method, url, customer, body);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Bạn không có quyền thực hiện thao tác này',
      });
      expect(await restaurantCount()).toBe(0);
    },
  );

  it('lets only an owner create a restaurant: staff and admin get 403', async () => {
    for (const who of [loneStaff, admin]) {
      const res = await create(who, FIELDS_A);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(await restaurantCount()).toBe(0);
  });

  it("creates the owner's restaurant from JSON: pending, located by its address, links kept as given", async () => {
    const res = await create(ownerA, {
      ...FIELDS_A,
      opening_hours: HOURS,
      cover_url: 'https://cdn.example.vn/bun-cha/cover.jpg',
      logo_url: 'http://cdn.example.vn/bun-cha/logo.png',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Đã tạo nhà hàng' });
    const data = StaffRestaurantSchema.parse(res.body.data);
    expect(data).toMatchObject({
      name: 'Bún Chả Hàng Bạc',
      address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      phone: '02438261234',
      email: 'quan@buncha.vn',
      description: 'Bún chả than hoa từ 1985',
      opening_hours: HOURS,
      cover_url: 'https://cdn.example.vn/bun-cha/cover.jpg',
      image_url: 'https://cdn.example.vn/bun-cha/cover.jpg',
      logo_url: 'http://cdn.example.vn/bun-cha/logo.png',
      is_active: true,
      approval_status: 'pending',
      rejection_reason: null,
      rating: null,
      review_count: 0,
    });
    // Where our geocoder puts the street, which is in Hà Nội.
    const [place] = await t.app.geocoder.search(FIELDS_A.address, 1);
    expect(data.lat).toBe(Number(place!.lat));
    expect(data.lon).toBe(Number(place!.lon));
    expect(data.lat).toBeGreaterThan(20.9);
    expect(data.lat).toBeLessThan(21.2);
    expect(data.lon).toBeGreaterThan(105.7);
    expect(data.lon).toBeLessThan(106);

    const row = await t.database.db
      .selectFrom('restaurants')
      .select(['owner_id', 'approval_status'])
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: ownerA.id, approval_status: 'pending' });

    const again = await get(ownerA);
    expect(again.status).toBe(200);
    expect(stable(again.body.data)).toEqual(stable(data));
    restaurantA = data;
  });

  it('refuses a second restaurant for the same owner with 409 and keeps the first', async () => {
    const res = await create(ownerA, { ...FIELDS_B, lat: 10.77, lon: 106.7 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'RESTAURANT_EXISTS',
      message: 'Bạn đã có nhà hàng. Mỗi chủ quán chỉ quản lý một nhà hàng.',
    });
    expect(stable((await get(ownerA)).body.data)).toEqual(stable(restaurantA));
    expect(await restaurantCount()).toBe(1);
  });

  it('lets one of two simultaneous creates through; two simultaneous toggles cancel out', async () => {
    const owner = await newUser(t, 'owner');
    const body = { ...FIELDS_B, lat: 10.78, lon: 106.7 };
    const created = await Promise.all([create(owner, body), create(owner, body)]);
    expect(created.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(created.find((res) => res.status === 409)!.body.code).toBe('RESTAURANT_EXISTS');
    const rows = await t.database.db
      .selectFrom('restaurants')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(1);

    const toggle = () => send('PUT', '/api/staff/restaurant/toggle/', owner);
    const flipped = await Promise.all([toggle(), toggle()]);
    expect(flipped.map((res) => res.body.data!.is_active).sort()).toEqual([false, true]);
    expect((await get(owner)).body.data!.is_active).toBe(true);
  });

  it('creates from multipart with a cover and a logo, re-encoded, resized, stripped and cached for a year; the given pin wins', async () => {
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const res = await upload(
      'POST',
      ownerB,
      // Decomposed (NFD) text in a form is stored precomposed, as it is from JSON.
      {
        ...FIELDS_B,
        name: FIELDS_B.name.normalize('NFD'),
        opening_hours: JSON.stringify(HOURS),
        lat: '10.7769',
        lon: '106.7009',
      },
      [
        file('cover', 'cover.jpg', 'image/jpeg', photo),
        file('logo', 'logo.png', 'image/png', await png(800, 800)),
      ],
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Đã tạo nhà hàng');
    const data = StaffRestaurantSchema.parse(res.body.data);
    expect(data).toMatchObject({
      name: 'Cơm Tấm Sài Gòn',
      lat: 10.7769,
      lon: 106.7009,
      opening_hours: HOURS,
      approval_status: 'pending',
    });
    const stored = /^\/uploads\/restaurants\/[0-9a-f-]{36}\.webp$/;
    expect(data.cover_url).toMatch(stored);
    expect(data.logo_url).toMatch(stored);
    expect(data.image_url).toBe(data.cover_url);

    const cover = await t.app.inject({ method: 'GET', url: data.cover_url! });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const coverMeta = await sharp(cover.rawPayload).metadata();
    expect(coverMeta).toMatchObject({ format: 'webp', width: 1200, height: 500 });
    expect(coverMeta.exif).toBeUndefined();
    expect(cover.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
    const logo = await t.app.inject({ method: 'GET', url: data.logo_url! });
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    restaurantB = data;
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const pngHeadedPolyglot = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('<html><script>alert("polyglot")</script></html>'),
  ]);
  const unsupported = {
    status: 400,
    code: 'UNSUPPORTED_IMAGE',
    message: 'Ảnh phải có định dạng JPG, PNG hoặc WebP',
  };

  it.each<[string, () => Promise<FilePart[]>, { status: number; code: string; message: string }]>([
    ['an SVG cover', async () => [file('cover', 'c.svg', 'image/svg+xml', svg)], unsupported],
    [
      'HTML sent as image/png',
      async () => [
        file('logo', 'l.png', 'image/png', Buffer.from('<!doctype html><script>1</script>')),
      ],
      unsupported,
    ],
    [
      'a PNG-headed polyglot',
      async () => [file('cover', 'c.png', 'image/png', pngHeadedPolyglot)],
      unsupported,
    ],
    [
      'a good cover with an SVG logo',
      async () => [
        file('cover', 'c.png', 'image/png', await png(900, 400)),
        file('logo', 'l.svg', 'image/svg+xml', svg),
      ],
      unsupported,
    ],
    [
      'a header claiming 50,000 x 50,000 px',
      async () => [file('cover', 'bomb.png', 'image/png', pngBomb())],
      {
        status: 400,
        code: 'IMAGE_TOO_LARGE',
        message: 'Kích thước ảnh quá lớn (tối đa 40 megapixel)',
      },
    ],
    [
      'a file of 2 MB + 1 byte',
      async () => {
        const head = await png();
        return [
          file(
            'logo',
            'big.png',
            'image/png',
            Buffer.concat([head, Buffer.alloc(2 * 1024 * 1024 + 1 - head.length)]),
          ),
        ];
      },
      { status: 413, code: 'FILE_TOO_LARGE', message: 'Ảnh tải lên tối đa 2 MB' },
    ],
  ])('refuses %s on create, creating and storing nothing', async (_label, files, expected) => {
    const before = await storedFiles();
    const parts = await files();
    if (parts.some((part) => part.filename === 'big.png')) {
      expect(parts[0]!.data.length).toBe(2 * 1024 * 1024 + 1);
    }
    const res = await upload('POST', ownerC, { ...FIELDS_B, lat: '10.77', lon: '106.7' }, parts);
    expect(res.status).toBe(expected.status);
    expect(res.body).toMatchObject({ code: expected.code, message: expected.message });
    expect((await get(ownerC)).body).toEqual(NONE);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image field that is text instead of a file', async () => {
    const res = await upload('POST', ownerC, { ...FIELDS_B, cover: 'cover.jpg' }, []);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Ảnh bìa phải là một tệp ảnh',
    });
    expect((await get(ownerC)).body).toEqual(NONE);
  });

  it.each([
    ['cover_url', 'javascript:alert(document.cookie)'],
    ['logo_url', 'file:///etc/passwd'],
    ['cover_url', 'data:image/png;base64,iVBORw0KGgo='],
    ['logo_url', 'ftp://example.vn/logo.png'],
  ])('refuses %s %s on create and on update', async (field, link) => {
    const created = await create(ownerC, { ...FIELDS_B, [field]: link });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_ERROR', message: URL_MESSAGE });
    expect(created.body.errors).toContainEqual({ path: field, message: URL_MESSAGE });
    expect((await get(ownerC)).body).toEqual(NONE);

    const updated = await update(ownerA, { [field]: link });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe(URL_MESSAGE);
    expect(stable((await get(ownerA)).body.data)).toEqual(stable(restaurantA));
  });

  it.each([
    ['an empty name', '', 'Vui lòng nhập tên nhà hàng'],
    ['a blank name', '   ', 'Vui lòng nhập tên nhà hàng'],
    ['a name of 1,000 characters', 'Phở'.repeat(333) + 'P', 'Tên nhà hàng tối đa 200 ký tự'],
  ])('refuses %s on create and on update', async (_label, name, message) => {
    const created = await create(ownerC, { ...FIELDS_B, name });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await get(ownerC)).body).toEqual(NONE);

    const updated = await update(ownerA, { name });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe(message);
    expect((await get(ownerA)).body.data!.name).toBe(restaurantA.name);
  });

  it('refuses an address the geocoder cannot find unless the owner places the pin', async () => {
    const lost = await create(ownerC, { ...FIELDS_B, address: 'Xyzzy Qwerty Plugh' });
    expect(lost.status).toBe(400);
    expect(lost.body).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      message:
        'Không tìm thấy địa chỉ này. Hãy ghi rõ quận/huyện, tỉnh/thành phố hoặc chọn vị trí trên bản đồ.',
      errors: [{ path: 'address', message: 'Không tìm thấy địa chỉ này' }],
    });
    const half = await create(ownerC, { ...FIELDS_B, address: 'Xyzzy Qwerty Plugh', lat: 16.06 });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('Cần cả vĩ độ và kinh độ');
    expect((await get(ownerC)).body).toEqual(NONE);

    const pinned = await create(ownerC, {
      ...FIELDS_B,
      address: 'Xyzzy Qwerty Plugh',
      lat: 16.0544,
      lon: 108.2022,
    });
    expect(pinned.status).toBe(201);
    expect(pinned.body.data).toMatchObject({ lat: 16.0544, lon: 108.2022 });
  });

  it('updates the fields given, keeps the others, and locates a changed address again', async () => {
    // 'Phở' typed on a keyboard that sends decomposed (NFD) Vietnamese is stored as NFC.
    const res = await update(ownerA, {
      name: 'Phở và Bún Chả Hàng Bạc'.normalize('NFD'),
      description: 'Mở thêm phở buổi sáng',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Đã cập nhật nhà hàng' });
    expect(res.body.data).toMatchObject({
      ...stable(restaurantA),
      name: 'Phở và Bún Chả Hàng Bạc',
      description: 'Mở thêm phở buổi sáng',
    });

    const moved = await update(ownerA, { address: 'Chợ Bến Thành, Quận 1, TP.HCM' });
    expect(moved.status).toBe(200);
    const [place] = await t.app.geocoder.search('Chợ Bến Thành, Quận 1, TP.HCM', 1);
    expect(moved.body.data).toMatchObject({
      address: 'Chợ Bến Thành, Quận 1, TP.HCM',
      lat: Number(place!.lat),
      lon: Number(place!.lon),
    });
    expect(moved.body.data!.lat).toBeLessThan(11);

    const pinned = await update(ownerA, {
      address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      lat: 21.03421,
      lon: 105.85249,
    });
    expect(pinned.body.data).toMatchObject({ lat: 21.03421, lon: 105.85249 });

    // Nothing about the address changes: the pin stays where the owner put it.
    const phone = await update(ownerA, { phone: '0912 000 111' });
    expect(phone.body.data).toMatchObject({ phone: '0912000111', lat: 21.03421, lon: 105.85249 });

    // Dishes inherit the restaurant's point (a trigger keeps the copy).
    const food = await t.database.db
      .insertInto('foods')
      .values({ restaurant_id: restaurantA.id, name: 'Bún chả', price: 50_000 })
      .returning(['lat', 'lon'])
      .executeTakeFirstOrThrow();
    expect(food).toEqual({ lat: 21.03421, lon: 105.85249 });
    restaurantA = phone.body.data!;
  });

  it('replaces the cover by upload and deletes the old file; a JPEG/HTML polyglot is re-encoded clean', async () => {
    const jpeg = await sharp(await png(640, 320))
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert("polyglot")</script>')]);
    const res = await upload('PUT', ownerB, { description: 'Có ảnh bìa mới' }, [
      file('cover', 'p.jpg', 'image/jpeg', polyglot),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã cập nhật nhà hàng');
    const data = res.body.data!;
    expect(data.description).toBe('Có ảnh bìa mới');
    expect(data.cover_url).not.toBe(restaurantB.cover_url);
    expect(data.image_url).toBe(data.cover_url);
    expect(data.logo_url).toBe(restaurantB.logo_url);
    const fresh = await t.app.inject({ method: 'GET', url: data.cover_url! });
    expect(fresh.rawPayload.includes(Buffer.from('polyglot'))).toBe(false);
    expect((await sharp(fresh.rawPayload).metadata()).format).toBe('webp');
    const old = await t.app.inject({ method: 'GET', url: restaurantB.cover_url! });
    expect(old.statusCode).toBe(404);

    // A link replaces the upload, whose file goes too; an empty link removes the logo.
    const linked = await update(ownerB, {
      cover_url: 'https://cdn.example.vn/com-tam.jpg',
      logo_url: '',
    });
    expect(linked.body.data).toMatchObject({
      cover_url: 'https://cdn.example.vn/com-tam.jpg',
      image_url: 'https://cdn.example.vn/com-tam.jpg',
      logo_url: null,
    });
    for (const url of [data.cover_url!, data.logo_url!]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    restaurantB = linked.body.data!;
  });

  it('sets the opening hours, past midnight and several intervals a day included', async () => {
    const hours: OpeningHours = {
      ...CLOSED,
      tue: [
        { open: '06:30', close: '10:00' },
        { open: '16:00', close: '01:00' },
      ],
      wed: [{ open: '01:00', close: '09:00' }],
      sat: [{ open: '00:00', close: '24:00' }],
      sun: [{ open: '22:00', close: '04:00' }],
      mon: [{ open: '04:00', close: '12:00' }],
    };
    const res = await setHours(ownerA, hours);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Đã cập nhật giờ mở cửa' });
    expect(res.body.data!.opening_hours).toEqual(hours);
    expect((await get(ownerA)).body.data!.opening_hours).toEqual(hours);
    restaurantA = res.body.data!;
  });

  it.each<[string, unknown, string]>([
    [
      '25:00',
      { ...CLOSED, mon: [{ open: '25:00', close: '23:00' }] },
      'Giờ mở cửa phải có dạng HH:MM',
    ],
    [
      'close equal to open',
      { ...CLOSED, thu: [{ open: '09:00', close: '09:00' }] },
      'Giờ đóng cửa phải khác giờ mở cửa',
    ],
    [
      'overlapping intervals',
      {
        ...CLOSED,
        mon: [
          { open: '08:00', close: '12:00' },
          { open: '11:30', close: '14:00' },
        ],
      },
      OVERLAP,
    ],
    [
      'a past-midnight interval overlapping the next day',
      {
        ...CLOSED,
        fri: [{ open: '20:00', close: '03:00' }],
        sat: [{ open: '02:00', close: '10:00' }],
      },
      OVERLAP,
    ],
    [
      'Sunday night overlapping Monday',
      {
        ...CLOSED,
        sun: [{ open: '20:00', close: '03:00' }],
        mon: [{ open: '02:00', close: '10:00' }],
      },
      OVERLAP,
    ],
    ['an unknown weekday', { ...CLOSED, holiday: [] }, 'Giờ mở cửa không hợp lệ'],
    ['a list instead of days', [{ open: '08:00', close: '10:00' }], 'Giờ mở cửa không hợp lệ'],
  ])('refuses hours with %s (400) and keeps the old ones', async (_label, hours, message) => {
    const res = await setHours(ownerA, hours);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    const viaUpdate = await update(ownerA, { opening_hours: hours });
    expect(viaUpdate.status).toBe(400);
    expect(viaUpdate.body.message).toBe(message);
    expect((await get(ownerA)).body.data!.opening_hours).toEqual(restaurantA.opening_hours);
  });

  it('refuses opening hours that are not JSON in a multipart form', async () => {
    const res = await upload('PUT', ownerA, { opening_hours: 'thứ 2: 7h-14h' }, []);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Giờ mở cửa không hợp lệ');
    expect((await get(ownerA)).body.data!.opening_hours).toEqual(restaurantA.opening_hours);
  });

  it('flips the active state each time', async () => {
    const off = await send('PUT', '/api/staff/restaurant/toggle/', ownerA);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, message: 'Đã đổi trạng thái hoạt động' });
    expect(off.body.data).toMatchObject({
      id: restaurantA.id,
      is_active: false,
      is_open_now: false,
    });
    const on = await send('PUT', '/api/staff/restaurant/toggle/', ownerA);
    expect(on.body.data!.is_active).toBe(true);
  });

  it('lets a linked staff member read and run the restaurant, but not create one', async () => {
    const staffA = await newUser(t, 'staff', { restaurant_id: restaurantA.id });
    expect(stable((await get(staffA)).body.data)).toEqual(stable((await get(ownerA)).body.data));
    const renamed = await update(staffA, { description: 'Nhân viên sửa mô tả' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      id: restaurantA.id,
      description: 'Nhân viên sửa mô tả',
    });
    const hours = await setHours(staffA, { ...CLOSED, wed: [{ open: '08:00', close: '20:00' }] });
    expect(hours.status).toBe(200);
    const paused = await send('PUT', '/api/staff/restaurant/toggle/', staffA);
    expect(paused.body.data).toMatchObject({ id: restaurantA.id, is_active: false });
    await send('PUT', '/api/staff/restaurant/toggle/', staffA);
    const created = await create(staffA, { ...FIELDS_B, lat: 10.7, lon: 106.7 });
    expect(created.status).toBe(403);
    restaurantA = (await get(ownerA)).body.data!;
  });

  it("keeps staff and the owner of restaurant B to B: every call leaves A's restaurant as it was", async () => {
    const staffB = await newUser(t, 'staff', { restaurant_id: restaurantB.id });
    const before = stable((await get(ownerA)).body.data);
    for (const who of [staffB, ownerB]) {
      const read = await get(who);
      expect(read.body.data!.id).toBe(restaurantB.id);
      const changed = await update(who, { name: 'Tên do B đặt', phone: '0909 111 222' });
      expect(changed.body.data!.id).toBe(restaurantB.id);
      const hours = await setHours(who, { ...CLOSED, mon: [{ open: '09:00', close: '10:00' }] });
      expect(hours.body.data!.id).toBe(restaurantB.id);
      const toggled = await send('PUT', '/api/staff/restaurant/toggle/', who);
      expect(toggled.body.data!.id).toBe(restaurantB.id);
    }
    expect((await create(staffB, FIELDS_A)).status).toBe(403);
    expect((await create(ownerB, { ...FIELDS_A, lat: 21, lon: 105.8 })).status).toBe(409);
    expect(stable((await get(ownerA)).body.data)).toEqual(before);
    expect((await get(ownerB)).body.data).toMatchObject({ name: 'Tên do B đặt', is_active: true });
  });

  it('shows the owner the dishes of a restaurant still waiting for approval', async () => {
    const [pending] = await insertCatalogue(t.database.db, [
      {
        name: 'Quán Chờ Duyệt',
        lat: 21.03,
        lon: 105.85,
        approval: 'pending',
        dishes: [
          { name: 'Bún riêu', price: 40_000 },
          { name: 'Bún ốc', price: 45_000, deleted: true },
        ],
      },
    ]);
    const owner = await ownerOf(t, pending!.id);
    const res = await get(owner);
    expect(res.status).toBe(200);
    const restaurant = StaffRestaurantSchema.parse(res.body.data);
    expect(restaurant.approval_status).toBe('pending');
    // The deleted dish is not counted; customers see none of them until the approval.
    expect(restaurant.food_count).toBe(1);
    expect(restaurant.top_foods.map((food) => food.name)).toEqual(['Bún riêu']);
  });
});

// With GEOCODER_URL the address goes to a Nominatim server, which knows streets but not house
// numbers or alleys: a real HTTP server on loopback plays it.
describe('locating a restaurant through Nominatim', () => {
  let nominatim: Server;
  let t: TestApp;
  let owner: TestUser;
  const asked: string[] = [];
  let down = false;

  beforeAll(async () => {
    nominatim = createServer((request, response) => {
      const q = new URL(request.url!, 'http://nominatim.test').searchParams.get('q') ?? '';
      asked.push(q);
      if (down) return void response.writeHead(503).end('busy');
      response.setHeader('content-type', 'application/json');
      const known = q === 'Phố Huế, Hai Bà Trưng, Hà Nội';
      response.end(
        JSON.stringify(known ? [{ lat: '21.0125', lon: '105.8513', display_name: 'Phố Huế' }] : []),
      );
    });
    await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
    const { port } = nominatim.address() as { port: number };
    t = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/` } });
    owner = await newUser(t, 'owner');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => nominatim.close(resolve));
  });

  const create = (address: string) =>
    call<Body>(t.app, 'POST', '/api/staff/restaurant/create/', {
      token: owner.token,
      body: { ...FIELDS_A, address },
    });

  it('says so when the geocoder is down, creating nothing', async () => {
    down = true;
    const res = await create('Phố Huế, Hai Bà Trưng, Hà Nội');
    down = false;
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'GEOCODER_UNAVAILABLE',
      message: 'Dịch vụ bản đồ tạm thời không trả lời. Vui lòng thử lại sau.',
    });
    const none = await call<Body>(t.app, 'GET', '/api/staff/restaurant/', { token: owner.token });
    expect(none.body.code).toBe('RESTAURANT_NONE');
  });

  it('gives up after three ever shorter forms of an unknown address', async () => {
    asked.length = 0;
    const res = await create('Số 9, Ngách 4, Ngõ 12, Phố Không Có, Hà Nội');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ADDRESS_NOT_FOUND');
    expect(asked).toEqual([
      'Số 9, Ngách 4, Ngõ 12, Phố Không Có, Hà Nội',
      'Ngách 4, Ngõ 12, Phố Không Có, Hà Nội',
      'Ngõ 12, Phố Không Có, Hà Nội',
    ]);
  });

  it('drops the house number and alley the geocoder does not know to find the street', async () => {
    asked.length = 0;
    const res = await create('12/3 Ngõ Huế, Phố Huế, Hai Bà Trưng, Hà Nội');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      address: '12/3 Ngõ Huế, Phố Huế, Hai Bà Trưng, Hà Nội',
      lat: 21.0125,
      lon: 105.8513,
    });
    expect(asked).toEqual([
      '12/3 Ngõ Huế, Phố Huế, Hai Bà Trưng, Hà Nội',
      'Phố Huế, Hai Bà Trưng, Hà Nội',
    ]);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '#contract/profile';
import {
  ageOtpChallenges,
  call,
  latestCode,
  OWNER,
  registerOwner,
  signInCustomer,
  signInStaff,
} from '../helpers/auth';
import { multipart, type FilePart } from '../helpers/multipart';
import { png, pngBomb } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('customer profile', () => {
  let t: TestApp;
  let token: string;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const session = await signInCustomer(t.app, '0961111111');
    token = session.tokens.access_token;
    customerId = session.customer.id;
  });
  afterAll(() => t.close());

  const put = (body: unknown, ip?: string) =>
    call<{ data: Profile; code?: string; message?: string }>(
      t.app,
      'PUT',
      '/api/customer/profile/',
      {
        token,
        body,
        ...(ip ? { ip } : {}),
      },
    );
  const upload = (fields: Record<string, string>, files: FilePart[]) => {
    const form = multipart(fields, files);
    return t.app.inject({
      method: 'PUT',
      url: '/api/customer/profile/',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
  };

  it('starts flagged as needing an update, and clears the flag once named', async () => {
    const before = await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', { token });
    expect(ProfileSchema.parse(before.body.data)).toMatchObject({
      id: customerId,
      role: 'customer',
      full_name: null,
      is_need_update: true,
    });
    const res = await put({
      full_name: '  Phạm Thu Hà ',
      email: 'Ha.Pham@Example.vn',
      address: '5 Nguyễn Huệ, Quận 1',
      date_of_birth: '1995-04-30',
      gender: 'female',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Đã cập nhật thông tin' });
    expect(res.body.data).toMatchObject({
      full_name: 'Phạm Thu Hà',
      name: 'Phạm Thu Hà',
      email: 'ha.pham@example.vn',
      address: '5 Nguyễn Huệ, Quận 1',
      date_of_birth: '1995-04-30',
      gender: 'female',
      is_need_update: false,
    });
  });

  it('ignores role, balance and approval fields', async () => {
    const res = await put({
      full_name: 'Hà',
      role: 'admin',
      balance: 1_000_000_000,
      is_approved: true,
      id: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: customerId, role: 'customer', full_name: 'Hà' });
    expect(res.body.data).not.toHaveProperty('balance');
  });

  it.each([
    ['an empty name', { full_name: '  ' }, 'Vui lòng nhập họ tên'],
    ['a malformed email', { email: 'ha@' }, 'Email không hợp lệ'],
    ['a future birth date', { date_of_birth: '2999-01-01' }, 'Ngày sinh không hợp lệ'],
    ['an impossible date', { date_of_birth: '2001-02-30' }, 'Ngày sinh không hợp lệ'],
    ['a 10,000-character name', { full_name: 'x'.repeat(10_000) }, 'Họ tên tối đa 100 ký tự'],
  ])('refuses %s and changes nothing', async (_label, body, message) => {
    const before = await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', { token });
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    const after = await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', { token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('changes the phone only with a code sent to the new number', async () => {
    const newPhone = '0962222222';
    const without = await put({ phone: newPhone });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      code: 'OTP_REQUIRED',
      message: 'Vui lòng nhập mã OTP gửi đến số điện thoại mới',
    });

    const sent = await call(t.app, 'POST', '/api/customer/profile/phone-otp/', {
      token,
      body: { phone: newPhone },
    });
    expect(sent.status).toBe(200);
    const code = await latestCode(t.app, newPhone);
    const wrong = await put({ phone: newPhone, otp_code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('OTP_INVALID');

    const ok = await put({ phone: newPhone, otp_code: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phone).toBe(newPhone);
  });

  it("refuses a phone another customer uses, and another user's code", async () => {
    const other = await signInCustomer(t.app, '0963333333');
    const taken = await put({ phone: '0963333333', otp_code: '123456' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'Số điện thoại đã được sử dụng',
    });

    // A code that customer B asked for cannot move customer A onto that number.
    const target = '0964444444';
    await call(t.app, 'POST', '/api/customer/profile/phone-otp/', {
      token: other.tokens.access_token,
      body: { phone: target },
    });
    const stolen = await put({ phone: target, otp_code: await latestCode(t.app, target) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('OTP_INVALID');
    await ageOtpChallenges(t.database, target, 61);
  });

  it('stores an avatar re-encoded as WebP, resized, without metadata, under a new name', async () => {
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload({ full_name: 'Hà có ảnh' }, [
      { name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    expect(res.statusCode).toBe(200);
    const profile = res.json<{ data: Profile }>().data;
    expect(profile.full_name).toBe('Hà có ảnh');
    expect(profile.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    const file = await t.app.inject({ method: 'GET', url: profile.avatar! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);

    // A new avatar replaces the old file.
    const again = await upload({}, [
      { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: await png() },
    ]);
    const next = again.json<{ data: Profile }>().data.avatar!;
    expect(next).not.toBe(profile.avatar);
    expect((await t.app.inject({ method: 'GET', url: profile.avatar! })).statusCode).toBe(404);
  });

  it.each([
    [
      'an SVG',
      'x.svg',
      'image/svg+xml',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      'HTML with a spoofed image type',
      'x.png',
      'image/png',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
    ],
    [
      'a GIF',
      'x.gif',
      'image/gif',
      () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
    ],
    [
      'a truncated JPEG',
      'x.jpg',
      'image/jpeg',
      () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    ],
  ])(
    'refuses %s as an avatar with 400 and keeps the old one',
    async (_label, filename, contentType, data) => {
      const before = (
        await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', { token })
      ).body.data;
      const res = await upload({ full_name: 'Không đổi' }, [
        { name: 'avatar', filename, contentType, data: data() },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_IMAGE',
        message: 'Ảnh phải có định dạng JPG, PNG hoặc WebP',
      });
      const after = (
        await call<{ data: Profile }>(t.app, 'GET', '/api/customer/profile/', { token })
      ).body.data;
      expect(after).toEqual(before);
    },
  );

  it('re-encodes a JPEG/HTML polyglot so the payload is gone', async () => {
    const jpeg = await sharp(await png(32, 32))
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert("polyglot")</script>')]);
    const res = await upload({}, [
      { name: 'avatar', filename: 'p.jpg', contentType: 'image/jpeg', data: polyglot },
    ]);
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: res.json<{ data: Profile }>().data.avatar!,
    });
    expect(file.rawPayload.includes(Buffer.from('polyglot'))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses an image header claiming 50,000 x 50,000 px before decoding it', async () => {
    const res = await upload({}, [
      { name: 'avatar', filename: 'bomb.png', contentType: 'image/png', data: pngBomb() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'Kích thước ảnh quá lớn (tối đa 40 megapixel)',
    });
  });

  it('refuses a file of 2 MB + 1 byte with 413', async () => {
    const big = Buffer.concat([
      await png(),
      Buffer.alloc(2 * 1024 * 1024 + 1 - (await png()).length),
    ]);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const res = await upload({}, [
      { name: 'avatar', filename: 'big.png', contentType: 'image/png', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Ảnh tải lên tối đa 2 MB',
    });
  });

  it('stores decomposed (NFD) text sent with an avatar as NFC, like a JSON body', async () => {
    const name = 'Nguyễn Thị Hường';
    const res = await upload({ full_name: name.normalize('NFD') }, [
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(stored.full_name).toBe(name.normalize('NFC'));
  });

  it('refuses an anonymous upload before reading it', async () => {
    const form = multipart({}, [
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/profile/',
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('staff profile', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await registerOwner(t.app);
    await registerOwner(t.app, {
      username: 'owner_two',
      phone: '0970000002',
      email: 'two@example.vn',
    });
    token = (await signInStaff(t.app, OWNER.username, OWNER.password)).tokens.access_token;
  });
  afterAll(() => t.close());

  it('reads and updates names, contact and address', async () => {
    const got = await call<{ data: Profile }>(t.app, 'GET', '/api/staff/profile/', { token });
    expect(got.body.data).toMatchObject({
      role: 'owner',
      username: OWNER.username,
      is_need_update: false,
    });
    const res = await call<{ data: Profile; message?: string }>(
      t.app,
      'PUT',
      '/api/staff/profile/',
      {
        token,
        body: {
          first_name: 'Hùng',
          last_name: 'Lê',
          address: '10 Bạch Đằng, Đà Nẵng',
          phone: '+84 970 000 009',
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Đã cập nhật thông tin');
    expect(res.body.data).toMatchObject({
      first_name: 'Hùng',
      last_name: 'Lê',
      name: 'Lê Hùng',
      phone: '0970000009',
    });
  });

  it("refuses another account's email or phone with 409", async () => {
    const email = await call(t.app, 'PUT', '/api/staff/profile/', {
      token,
      body: { email: 'TWO@example.vn' },
    });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Email đã được sử dụng' });
    const phone = await call(t.app, 'PUT', '/api/staff/profile/', {
      token,
      body: { phone: '0970000002' },
    });
    expect(phone.status).toBe(409);
    expect(phone.body.code).toBe('PHONE_TAKEN');
  });

  it('takes an avatar with the other fields as multipart', async () => {
    const form = multipart({ first_name: 'Hùng' }, [
      {
        name: 'avatar',
        filename: 'a.webp',
        contentType: 'image/webp',
        data: await sharp(await png())
          .webp()
          .toBuffer(),
      },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/profile/',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Profile }>().data.avatar).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
  });
});

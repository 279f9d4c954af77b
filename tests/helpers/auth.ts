import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '#server/db/database';

type Json = Record<string, unknown>;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** inject() with a JSON body and a chosen client IP, returning the parsed reply. */
export async function call<T = Json>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '203.0.113.10',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as Json } : {}),
  });
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
}

/** The code of the newest SMS to this phone, read through the dev outbox like the e2e does. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const { body } = await call<{ data: { items: { text: string }[] } }>(
    app,
    'GET',
    `/api/dev/sms-outbox?phone=${phone}`,
  );
  const text = body.data.items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Moves every OTP challenge of a phone back in time, as if the minutes had passed. */
export async function ageOtpChallenges(database: Database, phone: string, seconds: number) {
  await sql`update otp_challenges
    set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
    where phone = ${phone}`.execute(database.db);
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function signInCustomer(app: FastifyInstance, phone: string, ip?: string) {
  const sent = await call(app, 'POST', '/api/auth/customer/send-otp/', {
    body: { phone },
    ...(ip ? { ip } : {}),
  });
  if (sent.status !== 200) throw new Error(`send-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, phone);
  const res = await call<{ data: { customer: Json & { id: number }; tokens: Tokens } }>(
    app,
    'POST',
    '/api/auth/customer/verify-otp/',
    { body: { phone, otp_code: code }, ...(ip ? { ip } : {}) },
  );
  if (res.status !== 200) throw new Error(`verify-otp ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const OWNER = {
  username: 'chu_quan_1',
  password: 'bun-cha-ngon-2026',
  first_name: 'Minh',
  last_name: 'Trần Văn',
  phone: '0912345678',
  email: 'minh.tran@example.vn',
  address: '36 Hàng Bạc, Hoàn Kiếm, Hà Nội',
  gender: 'male',
} as const;

export async function registerOwner(app: FastifyInstance, overrides: Json = {}) {
  return call<{ data: { user: Json & { id: number } } }>(app, 'POST', '/api/auth/staff/register/', {
    body: { ...OWNER, ...overrides },
  });
}

export async function signInStaff(app: FastifyInstance, username: string, password: string) {
  const res = await call<{ data: { user: Json & { id: number; role: string }; tokens: Tokens } }>(
    app,
    'POST',
    '/api/auth/staff/login/',
    { body: { username, password } },
  );
  if (res.status !== 200) throw new Error(`staff login ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

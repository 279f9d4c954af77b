import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReplySchema } from '#contract/envelope';
import { FIELD_LABELS } from '#server/lib/validation-messages';
import { mulberry32 } from '#server/lib/random';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { placeOrder } from '../factories/orders';
import { newUser, ownerOf } from '../factories/users';

// Every route of the OpenAPI document, driven with malformed bodies, path and query values, as
// each role and as nobody. The app must answer every one of them with a JSON reply below 500,
// in under two seconds (a generous liveness bound: a hang or a runaway query, not speed).
// Seeded, so a failure names a request that reproduces it.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SEED = 20261126;
const SLOW_MS = 2_000;
/** zod's own wording ('Đầu vào không hợp lệ: mong đợi object, nhận được mảng'), or a field the labels miss. */
const ZOD_INTERNALS =
  /mong đợi|nhận được|Đầu vào không hợp lệ|Invalid input|Quá (lớn|nhỏ)|Trường [a-zA-Z_]/;

/** Seeded, so every run sends the same requests. */
function seeded(seed: number) {
  const next = mulberry32(seed);
  return {
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    sample: <T>(list: readonly T[], count: number): T[] => {
      const copy = [...list];
      const out: T[] = [];
      while (out.length < count && copy.length) {
        out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      }
      return out;
    },
  };
}

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Values no field expects: wrong types, edges of every numeric column, hostile text. */
const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e300,
  -1e300,
  '',
  '   ',
  '1',
  'abc',
  'x'.repeat(20_000),
  'a\u0000b',
  'a\ud800b',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  [],
  [1, 'a', null],
  [2 ** 31],
  [1e300],
  {},
  { nested: { deeper: [1] } },
  Array.from({ length: 2_000 }, (_, i) => i),
];

/** Path values: ids out of every range, text where a number goes, encodings gone wrong. */
const BAD_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e300',
  'NaN',
  'abc',
  '%00',
  '%ff',
  '%ed%a0%80',
  '%2e%2e%2f',
  'x'.repeat(900),
] as const;

/** Query values, as they arrive: always text. */
const BAD_QUERY_VALUES = [
  '',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '1e300',
  '-1e300',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  '%ff%fe',
  '%ed%a0%80',
  'x'.repeat(5_000),
  '2026-13-45',
  "'%20OR%201=1",
] as const;

/** Whole bodies that are no kind of object, or no kind of JSON. */
const RAW_BODIES: readonly { name: string; payload: string | Buffer; type: string }[] = [
  { name: 'empty JSON', payload: '', type: 'application/json' },
  { name: 'null', payload: 'null', type: 'application/json' },
  { name: 'an array', payload: '[1,2,3]', type: 'application/json' },
  { name: 'a string', payload: '"text"', type: 'application/json' },
  { name: 'a number', payload: '1e400', type: 'application/json' },
  { name: 'broken JSON', payload: '{"a":', type: 'application/json' },
  { name: '20,000 nested arrays', payload: deep(20_000), type: 'application/json' },
  { name: '5,000 nested objects', payload: deepObject(5_000), type: 'application/json' },
  { name: 'prototype poisoning', payload: '{"__proto__":{"x":1}}', type: 'application/json' },
  {
    name: 'invalid UTF-8 bytes',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    type: 'application/json',
  },
  {
    name: 'an encoded surrogate',
    payload: Buffer.concat([
      Buffer.from('{"a":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]),
    type: 'application/json',
  },
  {
    name: 'truncated multipart',
    payload: '--xx\r\nContent-Disposition: form-data; name="name"\r\n\r\nPhở',
    type: 'multipart/form-data; boundary=xx',
  },
  { name: 'multipart garbage', payload: 'garbage', type: 'multipart/form-data; boundary=xx' },
  { name: 'multipart without boundary', payload: 'garbage', type: 'multipart/form-data' },
  {
    name: 'a deep multipart field',
    payload: `--xx\r\nContent-Disposition: form-data; name="toppings"\r\n\r\n${deep(20_000)}\r\n--xx\r\nContent-Disposition: form-data; name="opening_hours"\r\n\r\n${deep(20_000)}\r\n--xx--\r\n`,
    type: 'multipart/form-data; boundary=xx',
  },
  {
    name: 'a NUL in a multipart field',
    payload: '--xx\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--xx--\r\n',
    type: 'multipart/form-data; boundary=xx',
  },
  { name: 'form-urlencoded', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'text', payload: 'hello', type: 'text/plain' },
];

/** A plausible value of a schema's type, as the base a single bad field is swapped into. */
function plausible(schema: JsonSchema | undefined): unknown {
  const type = [schema?.type ?? schema?.anyOf?.[0]?.type].flat()[0];
  if (schema?.enum?.length) return schema.enum[0];
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema?.properties ?? {}).map(([key, value]) => [key, plausible(value)]),
      );
    default:
      return 'Phở bò';
  }
}

interface Case {
  label: string;
  options: InjectOptions;
}

describe('fuzz: every route of /api/docs against hostile input', () => {
  let t: TestApp;
  let doc: Doc;
  const tokens: Record<string, string | undefined> = {};
  const realIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const [restaurant] = await insertCatalogue(t.database.db, [
      {
        name: 'Quán Fuzz',
        lat: 21.03,
        lon: 105.85,
        dishes: [{ name: 'Phở bò', price: 45_000, toppings: [{ name: 'Trứng', price: 5_000 }] }],
      },
    ]);
    const customer = await newUser(t, 'customer', { full_name: 'Khách Fuzz' });
    const owner = await ownerOf(t, restaurant!.id);
    const admin = await newUser(t, 'admin');
    const order = await placeOrder(t, customer, restaurant!.dishes['Phở bò']!, 2);
    tokens.none = undefined;
    tokens.customer = customer.token;
    tokens.owner = owner.token;
    tokens.admin = admin.token;
    realIds.push(String(restaurant!.id), String(restaurant!.dishes['Phở bò']), String(order.id));
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
  });
  afterAll(() => t.close());

  function casesOf(
    path: string,
    method: string,
    operation: Operation,
    random: ReturnType<typeof seeded>,
  ): Case[] {
    const params = operation.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const fill = (values: Record<string, string> = {}) =>
      path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? random.pick(realIds));
    const query = (values: Record<string, string>) =>
      Object.entries(values)
        .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
        .join('&');
    const verb = method.toUpperCase() as 'GET';
    const cases: Case[] = [{ label: 'plain', options: { method: verb, url: fill() } }];

    for (const param of pathParams) {
      for (const value of random.sample(BAD_PATH_VALUES, 5)) {
        cases.push({
          label: `path ${param.name}=${value.slice(0, 20)}`,
          options: { method: verb, url: fill({ [param.name]: value }) },
        });
      }
    }
    for (const param of queryParams) {
      for (const value of random.sample(BAD_QUERY_VALUES, 4)) {
        cases.push({
          label: `query ${param.name}=${value.slice(0, 20)}`,
          options: { method: verb, url: `${fill()}?${query({ [param.name]: value })}` },
        });
      }
    }
    if (queryParams.length) {
      // Every parameter at once, each with its own bad value, and one repeated (an array).
      const all = Object.fromEntries(
        queryParams.map((p) => [p.name, random.pick(BAD_QUERY_VALUES)]),
      );
      cases.push({
        label: 'every query parameter bad',
        options: { method: verb, url: `${fill()}?${query(all)}` },
      });
      const first = queryParams[0]!.name;
      cases.push({
        label: 'a repeated query parameter',
        options: { method: verb, url: `${fill()}?${first}=1&${first}=2` },
      });
    }

    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    if (method !== 'get') {
      for (const raw of RAW_BODIES) {
        cases.push({
          label: `body: ${raw.name}`,
          options: {
            method: verb,
            url: fill(),
            payload: raw.payload,
            headers: { 'content-type': raw.type },
          },
        });
      }
      const base = plausible(bodySchema ?? { type: 'object' }) as Record<string, unknown>;
      for (const field of Object.keys(bodySchema?.properties ?? {})) {
        for (const value of random.sample(BAD_VALUES, 4)) {
          cases.push({
            label: `body ${field}=${JSON.stringify(value)?.slice(0, 30)}`,
            options: {
              method: verb,
              url: fill(),
              payload: JSON.stringify({ ...base, [field]: value }),
              headers: { 'content-type': 'application/json' },
            },
          });
        }
      }
      cases.push({
        label: 'body with unknown fields',
        options: {
          method: verb,
          url: fill(),
          payload: JSON.stringify({ ...base, extra: 'x', constructor: { prototype: {} } }),
          headers: { 'content-type': 'application/json' },
        },
      });
    }
    return cases;
  }

  it('has a Vietnamese label for every field a request carries', () => {
    const names = new Set<string>();
    const collect = (schema: JsonSchema | undefined) => {
      if (!schema) return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        names.add(name);
        collect(property);
      }
      collect(schema.items);
      for (const part of [
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
        ...(schema.allOf ?? []),
      ]) {
        collect(part);
      }
      if (typeof schema.additionalProperties === 'object') collect(schema.additionalProperties);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      // VNPay's callbacks take the gateway's own vnp_* fields (a record, which the document
      // spells as odd parameters), checked by signature and never shown to a person.
      if (path.includes('/vnpay/')) continue;
      for (const operation of Object.values(operations)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'header') names.add(parameter.name);
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          collect(content.schema);
        }
      }
    }
    const missing = [...names].filter((name) => !FIELD_LABELS[name]);
    expect(missing).toEqual([]);
  });

  it('answers every request with JSON below 500, within two seconds', async () => {
    const random = seeded(SEED);
    const failures: string[] = [];
    let requests = 0;
    const messages = new Set<string>();
    let routes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        routes += 1;
        // The live stream never ends for a caller it accepts; only its refusals are fuzzed.
        const stream = path === '/api/events/';
        const okTypes = Object.keys(operation.responses?.['200']?.content ?? {});
        const jsonOnly = okTypes.length === 0 || okTypes.some((type) => type.includes('json'));
        for (const [role, token] of Object.entries(tokens)) {
          if (stream && token) continue;
          for (const { label, options } of casesOf(path, method, operation, random)) {
            const started = performance.now();
            const res = await t.app.inject({
              ...options,
              remoteAddress: `198.18.${requests % 250}.${(requests >> 8) % 250}`,
              headers: {
                ...options.headers,
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
            });
            const elapsed = performance.now() - started;
            requests += 1;
            const where = `${method.toUpperCase()} ${path} as ${role}, ${label}`;
            const type = String(res.headers['content-type'] ?? '');
            if (res.statusCode >= 500)
              failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            // The database's own range refusal: a 400, but one that a contract failed to bound.
            else if (res.body.includes('"NUMBER_OUT_OF_RANGE"'))
              failures.push(`${where}: unbounded number`);
            else if (jsonOnly && !type.startsWith('application/json'))
              failures.push(`${where}: ${type} ${res.body.slice(0, 100)}`);
            else if (
              res.statusCode >= 400 &&
              jsonOnly &&
              !ErrorReplySchema.safeParse(res.json()).success
            )
              failures.push(`${where}: not the error envelope ${res.body.slice(0, 200)}`);
            if (res.statusCode === 400 && jsonOnly) {
              const body = ErrorReplySchema.parse(res.json());
              for (const text of [body.message, ...(body.errors ?? []).map((e) => e.message)]) {
                messages.add(text);
                if (ZOD_INTERNALS.test(text)) failures.push(`${where}: reads like zod: ${text}`);
              }
            }
            if (elapsed > SLOW_MS) failures.push(`${where}: ${Math.round(elapsed)} ms`);
          }
        }
      }
    }
    console.info(
      `fuzz: ${routes} routes, ${requests} requests, ${failures.length} failures, ${messages.size} distinct 400 messages`,
    );
    if (process.env.FUZZ_MESSAGES) console.info([...messages].sort().join('\n'));
    expect(failures).toEqual([]);
    // The sweep really covered the document.
    expect(routes).toBeGreaterThanOrEqual(80);
    expect(requests).toBeGreaterThan(3000);
  });
});

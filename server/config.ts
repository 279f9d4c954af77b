import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed in one place so that a typo or a
 * missing production secret stops the process at start instead of failing a request later.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'phải bắt đầu bằng postgres:// hoặc postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'cần ít nhất 32 ký tự').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  SEED_DEMO: booleanFlag.optional(),
  SEED_DEMO_HISTORY: booleanFlag.optional(),
  SMS_PROVIDER: z.enum(['console', 'webhook']).optional(),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  VNPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  VNPAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  VNPAY_TMN_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{8}$/, 'phải là mã 8 ký tự chữ và số')
    .optional(),
  VNPAY_HASH_SECRET: z.string().min(16, 'cần ít nhất 16 ký tự').optional(),
  COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  TRUST_PROXY: booleanFlag.default(false),
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  REPLY_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  METRICS_TOKEN: z
    .string()
    .min(16, 'cần ít nhất 16 ký tự')
    .regex(/^[\x21-\x7e]+$/, 'chỉ gồm ký tự ASCII in được, không có khoảng trắng')
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .refine((value) => isVapidPublicKey(value), 'phải là khóa công khai P-256 dạng base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((value) => isVapidPrivateKey(value), 'phải là khóa bí mật P-256 dạng base64url')
    .optional(),
  // The push services' contact for this sender (RFC 8292): an email or a web address.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'phải là mailto:… hoặc https://…')
    .optional(),
  // Test only: the route ('POST /api/customer/cart/add/') whose first reply kills the process
  // right after its work has committed, for the crash tests of the idempotency keys.
  TEST_CRASH_AFTER_COMMIT: z
    .string()
    .regex(/^(POST|PUT|PATCH|DELETE) \/\S*$/, 'phải có dạng "POST /api/…"')
    .optional(),
});

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** An uncompressed P-256 point, base64url: 65 bytes starting with 0x04. */
function isVapidPublicKey(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === 65 && bytes[0] === 0x04;
}

/** A P-256 private scalar, base64url: 32 bytes. */
function isVapidPrivateKey(value: string): boolean {
  return BASE64URL.test(value) && Buffer.from(value, 'base64url').length === 32;
}

/** The built-in VNPay sandbox's payment page and merchant API, on the app's own origin. */
export const SANDBOX_PAY_PATH = '/sandbox/vnpay/paymentv2/vpcpay.html';
export const SANDBOX_API_PATH = '/sandbox/vnpay/merchant_webapi/api/transaction';

export type AppEnv = z.infer<typeof EnvSchema>['APP_ENV'];

export interface Config {
  appEnv: AppEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  /**
   * PUBLIC_URL was given (always so in production): every link the server builds for a
   * browser names it. False: `publicUrl` is only a default, and the payment links follow the
   * address a request came to (lib/request-origin.ts).
   */
  publicUrlFixed: boolean;
  jwtSecret: string;
  logLevel: string;
  staticDir: string;
  /** Load the development demo data at start (never in production). */
  seedDemo: boolean;
  /**
   * With the demo data, the three months of orders at demo_owner's restaurant: its slowest
   * part, which a test of something else may leave out.
   */
  seedDemoHistory: boolean;
  sms: { provider: 'console' } | { provider: 'webhook'; url: string; token: string | undefined };
  /** A Nominatim server to proxy; unset means the built-in Vietnamese gazetteer. */
  geocoderUrl: string | undefined;
  trustProxy: boolean;
  /** Codes one IP address may ask for in an hour (OTP_SENDS_PER_IP_PER_HOUR, default 20). */
  otpSendsPerIpPerHour: number;
  /**
   * Memory for the public catalogue's kept replies, in bytes (REPLY_CACHE_MB, default 64;
   * 0 turns the reply cache off).
   */
  replyCacheBytes: number;
  /**
   * The bearer token GET /metrics asks for (METRICS_TOKEN). Unset: /metrics is open outside
   * production and answers 404 in production.
   */
  metricsToken: string | undefined;
  /**
   * The VNPay gateway (vnpay.md). `sandbox` true: no VNPAY_URL was given, so the built-in
   * sandbox at {publicUrl}/sandbox/vnpay/ imitates it (never in production).
   */
  vnpay: {
    sandbox: boolean;
    payUrl: string;
    apiUrl: string;
    tmnCode: string;
    hashSecret: string;
  };
  /** Share of a completed order kept by the platform, whole percent (default 0). */
  commissionPercent: number;
  /**
   * Web Push's VAPID identity. `keys` undefined: none was given, so the app generates a pair
   * once into DATA_DIR (never in production, where all three variables are required).
   */
  vapid: { keys: VapidKeys | undefined; subject: string };
  /** APP_ENV=test only: 'METHOD /route/' killed with SIGKILL between its commit and its reply. */
  testCrashAfterCommit: string | undefined;
}

/** The application server's key pair for Web Push (RFC 8292), base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Empty strings count as unset: `FOO= npm start` should not mean "FOO is the empty string". */
function withoutEmpty(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

/**
 * Parses the environment. Throws ConfigError naming the first bad variable.
 * `readSecret` is injectable so tests do not touch the file system.
 */
export function loadConfig(
  env: Env = process.env,
  readSecret: (dataDir: string) => string = developmentJwtSecret,
): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'env'), issue.message);
  }
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  if (production) {
    // Development conveniences that would be unsafe or dishonest on a real deployment.
    if (!e.JWT_SECRET) throw new ConfigError('JWT_SECRET', 'bắt buộc khi APP_ENV=production');
    if (!e.PUBLIC_URL) throw new ConfigError('PUBLIC_URL', 'bắt buộc khi APP_ENV=production');
    if (!e.PUBLIC_URL.startsWith('https://')) {
      throw new ConfigError('PUBLIC_URL', 'phải dùng https khi APP_ENV=production');
    }
    if (e.SEED_DEMO) {
      throw new ConfigError('SEED_DEMO', 'dữ liệu mẫu không được bật khi APP_ENV=production');
    }
    // The console provider prints codes: fine on a laptop, a leak in production.
    if (e.SMS_PROVIDER !== 'webhook') {
      throw new ConfigError('SMS_PROVIDER', 'phải là webhook khi APP_ENV=production');
    }
    // The sandbox would let anyone "pay" with a test card.
    if (!e.VNPAY_URL) throw new ConfigError('VNPAY_URL', 'bắt buộc khi APP_ENV=production');
    // A generated pair lives on one machine's disk: every instance must sign with the same
    // keys, or the browsers' subscriptions stop working after a move.
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
      if (!e[name]) throw new ConfigError(name, 'bắt buộc khi APP_ENV=production');
    }
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(missing, 'cần cả VAPID_PUBLIC_KEY và VAPID_PRIVATE_KEY');
  }

  const sandbox = !e.VNPAY_URL;
  if (!sandbox) {
    for (const name of ['VNPAY_API_URL', 'VNPAY_TMN_CODE', 'VNPAY_HASH_SECRET'] as const) {
      if (!e[name]) throw new ConfigError(name, 'bắt buộc khi có VNPAY_URL');
    }
  }

  const smsProvider = e.SMS_PROVIDER ?? 'console';
  if (smsProvider === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_WEBHOOK_URL', 'bắt buộc khi SMS_PROVIDER=webhook');
  }
  // A switch that kills the server must never reach a real deployment, nor a developer's.
  if (e.TEST_CRASH_AFTER_COMMIT && e.APP_ENV !== 'test') {
    throw new ConfigError('TEST_CRASH_AFTER_COMMIT', 'chỉ dùng khi APP_ENV=test');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    jwtSecret: e.JWT_SECRET ?? readSecret(dataDir),
    logLevel: e.LOG_LEVEL ?? (e.APP_ENV === 'test' ? 'warn' : 'info'),
    staticDir: path.resolve(e.STATIC_DIR),
    seedDemo: e.SEED_DEMO ?? e.APP_ENV === 'development',
    seedDemoHistory: e.SEED_DEMO_HISTORY ?? true,
    geocoderUrl: e.GEOCODER_URL,
    sms:
      smsProvider === 'webhook'
        ? { provider: 'webhook', url: e.SMS_WEBHOOK_URL!, token: e.SMS_WEBHOOK_TOKEN }
        : { provider: 'console' },
    trustProxy: e.TRUST_PROXY,
    otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
    replyCacheBytes: e.REPLY_CACHE_MB * 1024 * 1024,
    metricsToken: e.METRICS_TOKEN,
    vnpay: sandbox
      ? {
          sandbox: true,
          payUrl: `${publicUrl}${SANDBOX_PAY_PATH}`,
          apiUrl: `${publicUrl}${SANDBOX_API_PATH}`,
          tmnCode: e.VNPAY_TMN_CODE ?? 'MONNGON1',
          // Only the built-in sandbox ever sees this secret; a real gateway needs its own.
          hashSecret: e.VNPAY_HASH_SECRET ?? 'mon-ngon-sandbox-hash-secret',
        }
      : {
          sandbox: false,
          payUrl: e.VNPAY_URL!,
          apiUrl: e.VNPAY_API_URL!,
          tmnCode: e.VNPAY_TMN_CODE!,
          hashSecret: e.VNPAY_HASH_SECRET!,
        },
    commissionPercent: e.COMMISSION_PERCENT,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? 'mailto:dev@localhost',
    },
    testCrashAfterCommit: e.TEST_CRASH_AFTER_COMMIT,
  };
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR, so sessions survive a
 * restart without anyone having to invent a secret for a laptop.
 */
export function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Outside production a VAPID key pair is generated once and kept in DATA_DIR like the JWT
 * secret, so the browsers' push subscriptions survive a restart (a new pair would void them).
 */
export function developmentVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const existing = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (
      typeof existing.publicKey === 'string' &&
      typeof existing.privateKey === 'string' &&
      isVapidPublicKey(existing.publicKey) &&
      isVapidPrivateKey(existing.privateKey)
    ) {
      return { publicKey: existing.publicKey, privateKey: existing.privateKey };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A missing file is the first start and a corrupt one is replaced; any other error stops it.
    if (code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const keys: VapidKeys = { publicKey, privateKey };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

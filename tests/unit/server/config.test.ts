import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  ConfigError,
  developmentJwtSecret,
  developmentVapidKeys,
  loadConfig,
} from '#server/config';

const secret = 'a'.repeat(40);
const vapid = webpush.generateVAPIDKeys();
const noSecretFile = () => 'generated-development-secret-of-enough-length';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, noSecretFile);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('takes the crash point of the idempotency crash tests under APP_ENV=test only', () => {
    const route = 'POST /api/customer/cart/add/';
    expect(loadConfig({}, noSecretFile).testCrashAfterCommit).toBeUndefined();
    expect(
      loadConfig({ APP_ENV: 'test', TEST_CRASH_AFTER_COMMIT: route }, noSecretFile)
        .testCrashAfterCommit,
    ).toBe(route);
    expect(configError({ TEST_CRASH_AFTER_COMMIT: route }).message).toBe(
      'TEST_CRASH_AFTER_COMMIT: chỉ dùng khi APP_ENV=test',
    );
    expect(
      configError({ APP_ENV: 'test', TEST_CRASH_AFTER_COMMIT: '/api/customer/cart/add/' }).message,
    ).toBe('TEST_CRASH_AFTER_COMMIT: phải có dạng "POST /api/…"');
  });

  it('has development defaults', () => {
    const config = loadConfig({}, noSecretFile);
    expect(config).toMatchObject({
      appEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      publicUrlFixed: false,
      jwtSecret: 'generated-development-secret-of-enough-length',
    });
  });

  it('seeds demo data and prints SMS codes only in development by default', () => {
    expect(loadConfig({}, noSecretFile)).toMatchObject({
      seedDemo: true,
      sms: { provider: 'console' },
    });
    expect(loadConfig({ APP_ENV: 'test' }, noSecretFile)).toMatchObject({ seedDemo: false });
    expect(loadConfig({ APP_ENV: 'test', SEED_DEMO: '1' }, noSecretFile).seedDemo).toBe(true);
    expect(loadConfig({}, noSecretFile).seedDemoHistory).toBe(true);
    expect(loadConfig({ SEED_DEMO_HISTORY: 'false' }, noSecretFile).seedDemoHistory).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, noSecretFile)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        APP_ENV: 'test',
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/tmp/mn',
        DATABASE_URL: 'postgres://u:p@db:5432/mon_ngon',
        PUBLIC_URL: 'https://monngon.example/',
        JWT_SECRET: secret,
        LOG_LEVEL: 'debug',
        METRICS_TOKEN: 'scrape-me-0123456789',
      },
      noSecretFile,
    );
    expect(config).toMatchObject({
      appEnv: 'test',
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/mn',
      databaseUrl: 'postgres://u:p@db:5432/mon_ngon',
      publicUrl: 'https://monngon.example',
      publicUrlFixed: true,
      jwtSecret: secret,
      logLevel: 'debug',
      metricsToken: 'scrape-me-0123456789',
    });
    expect(loadConfig({}, noSecretFile).metricsToken).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'sixteen or more but spaced' }, 'METRICS_TOKEN'],
  ])('names the bad variable in %j', (env, variable) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
  });

  it('uses the built-in VNPay sandbox at the public URL when no gateway is configured', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }, noSecretFile).vnpay).toEqual({
      sandbox: true,
      payUrl: 'http://localhost:8080/sandbox/vnpay/paymentv2/vpcpay.html',
      apiUrl: 'http://localhost:8080/sandbox/vnpay/merchant_webapi/api/transaction',
      tmnCode: 'MONNGON1',
      hashSecret: 'mon-ngon-sandbox-hash-secret',
    });
  });

  describe('production', () => {
    const prod = {
      APP_ENV: 'production',
      JWT_SECRET: secret,
      PUBLIC_URL: 'https://monngon.vn',
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.vn/send',
      VNPAY_URL: 'https://pay.vnpay.vn/vpcpay.html',
      VNPAY_API_URL: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
      VNPAY_TMN_CODE: 'MONNGON9',
      VNPAY_HASH_SECRET: 'a-real-merchant-hash-secret',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@monngon.vn',
    };

    it('starts with a secret and an https public URL', () => {
      expect(loadConfig(prod, noSecretFile)).toMatchObject({
        appEnv: 'production',
        jwtSecret: secret,
        logLevel: 'info',
        seedDemo: false,
        sms: { provider: 'webhook', url: 'https://sms.example.vn/send', token: undefined },
        vnpay: {
          sandbox: false,
          payUrl: 'https://pay.vnpay.vn/vpcpay.html',
          apiUrl: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
          tmnCode: 'MONNGON9',
          hashSecret: 'a-real-merchant-hash-secret',
        },
        commissionPercent: 0,
        vapid: {
          keys: { publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          subject: 'mailto:ops@monngon.vn',
        },
      });
    });

    it.each([
      [{ JWT_SECRET: '' }, 'JWT_SECRET'],
      [{ PUBLIC_URL: '' }, 'PUBLIC_URL'],
      [{ PUBLIC_URL: 'http://monngon.vn' }, 'PUBLIC_URL'],
      [{ SEED_DEMO: 'true' }, 'SEED_DEMO'],
      [{ SMS_PROVIDER: 'console' }, 'SMS_PROVIDER'],
      [{ SMS_PROVIDER: '' }, 'SMS_PROVIDER'],
      [{ SMS_WEBHOOK_URL: '' }, 'SMS_WEBHOOK_URL'],
      // The built-in sandbox gateway would accept test cards as real money.
      [{ VNPAY_URL: '' }, 'VNPAY_URL'],
      [{ VNPAY_HASH_SECRET: '' }, 'VNPAY_HASH_SECRET'],
      [{ VNPAY_TMN_CODE: 'short' }, 'VNPAY_TMN_CODE'],
      [{ COMMISSION_PERCENT: '101' }, 'COMMISSION_PERCENT'],
      // Keys generated on one machine's disk would differ between instances.
      [{ VAPID_PUBLIC_KEY: '' }, 'VAPID_PUBLIC_KEY'],
      [{ VAPID_PRIVATE_KEY: '' }, 'VAPID_PRIVATE_KEY'],
      [{ VAPID_SUBJECT: '' }, 'VAPID_SUBJECT'],
      [{ VAPID_SUBJECT: 'ops@monngon.vn' }, 'VAPID_SUBJECT'],
      [{ VAPID_PUBLIC_KEY: vapid.privateKey }, 'VAPID_PUBLIC_KEY'],
      [{ VAPID_PRIVATE_KEY: 'too-short' }, 'VAPID_PRIVATE_KEY'],
    ])('refuses development-only settings %j', (override, variable) => {
      expect(configError({ ...prod, ...override }).variable).toBe(variable);
    });

    it('never generates a secret', () => {
      let asked = false;
      expect(() =>
        loadConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://monngon.vn' }, () => {
          asked = true;
          return secret;
        }),
      ).toThrow(ConfigError);
      expect(asked).toBe(false);
    });
  });
});

describe('VAPID outside production', () => {
  it('leaves the keys to be generated, with a development subject, unless both are given', () => {
    expect(loadConfig({}, noSecretFile).vapid).toEqual({
      keys: undefined,
      subject: 'mailto:dev@localhost',
    });
    expect(
      loadConfig(
        { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
        noSecretFile,
      ).vapid.keys,
    ).toEqual(vapid);
    expect(configError({ VAPID_PUBLIC_KEY: vapid.publicKey })).toMatchObject({
      variable: 'VAPID_PRIVATE_KEY',
      message: 'VAPID_PRIVATE_KEY: cần cả VAPID_PUBLIC_KEY và VAPID_PRIVATE_KEY',
    });
  });
});

describe('developmentVapidKeys', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key pair once, keeps it private in DATA_DIR and reuses it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mn-config-'));
    const dataDir = path.join(dir, 'data');
    const first = developmentVapidKeys(dataDir);
    const point = Buffer.from(first.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(developmentVapidKeys(dataDir)).toEqual(first);
  });

  it('replaces a corrupt key file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mn-config-'));
    writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey": "nope"');
    const keys = developmentVapidKeys(dir);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(developmentVapidKeys(dir)).toEqual(keys);
  });
});

describe('developmentJwtSecret', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a secret once, keeps it private in DATA_DIR and reuses it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mn-config-'));
    const dataDir = path.join(dir, 'nested', 'data');
    const first = developmentJwtSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(developmentJwtSecret(dataDir)).toBe(first);
  });
});

import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  buildPaymentUrlSearchParams,
  calculateSecureHash,
  HashAlgorithm,
  ignoreLogger,
  VNPay,
} from 'vnpay';
import {
  buildPaymentUrl,
  checkIpn,
  formatVnpDate,
  isSuccess,
  newTxnRef,
  normalizeIpAddr,
  parseVnpDate,
  queryDrResponseHash,
  queryTransaction,
  sanitizeOrderInfo,
  signParams,
  verifyParams,
} from '#server/payment/vnpay/vnpay';

// Check vector A of vnpay.md, verbatim.
const VECTOR_A =
  'vnp_Amount=1000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14422574&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+don+hang+2024-05-21T02%3A17%3A31.249Z&vnp_PayDate=20240521091806&vnp_ResponseCode=00&vnp_TmnCode=TEST_TMN_CODE&vnp_TransactionNo=14422574&vnp_TransactionStatus=00&vnp_TxnRef=1716257871703';
const VECTOR_A_HASH =
  '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895';
const VECTOR_A_99_HASH =
  '503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b';
const SECRET = 'test_secret';

const vectorA = (): Record<string, string> => Object.fromEntries(new URLSearchParams(VECTOR_A));
const queryOf = (url: string): Record<string, string> =>
  Object.fromEntries(new URL(url).searchParams);

const GATEWAY = {
  payUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  tmnCode: 'TESTTMN1',
  hashSecret: 'a-merchant-secret-of-some-length',
};
// 2024-12-31 17:30:05 UTC is already 2025-01-01 00:30:05 in Vietnam: the date rolls over.
const CREATED = new Date('2024-12-31T17:30:05.000Z');
const REQUEST = {
  txnRef: 'ABC123',
  amount: 50_000,
  orderInfo: 'Thanh toán đơn hàng #42: Phở Đặc Biệt (x2) & trà đá',
  returnUrl: 'https://monngon.example/api/payment/vnpay/return/',
  ipAddr: '::ffff:203.0.113.9',
  createdAt: CREATED,
};

describe('signing (vnpay.md, check vector A)', () => {
  it('signs vector A and its ResponseCode 99 variant to the published hashes', () => {
    expect(signParams(vectorA(), SECRET)).toBe(VECTOR_A_HASH);
    expect(signParams({ ...vectorA(), vnp_ResponseCode: '99' }, SECRET)).toBe(VECTOR_A_99_HASH);
  });

  it('ignores key order, non-vnp_ keys, the hash fields and empty values', () => {
    const shuffled = Object.fromEntries(Object.entries(vectorA()).reverse());
    expect(
      signParams(
        {
          ...shuffled,
          vnp_SecureHash: 'x',
          vnp_SecureHashType: 'HmacSHA512',
          vnp_PromotionCode: '',
          utm_source: 'zalo',
        },
        SECRET,
      ),
    ).toBe(VECTOR_A_HASH);
  });

  it('verifies vector A, refuses a tampered field and accepts an uppercase hash', () => {
    const query = { ...vectorA(), vnp_SecureHash: VECTOR_A_HASH };
    expect(verifyParams(query, SECRET)).toBe(true);
    expect(verifyParams({ ...query, vnp_SecureHash: VECTOR_A_HASH.toUpperCase() }, SECRET)).toBe(
      true,
    );
    expect(verifyParams({ ...query, vnp_Amount: '100000000' }, SECRET)).toBe(false);
    expect(verifyParams({ ...query, vnp_ResponseCode: '99' }, SECRET)).toBe(false);
    expect(verifyParams({ ...query, vnp_Extra: 'added' }, SECRET)).toBe(false);
    expect(verifyParams(query, 'another_secret')).toBe(false);
  });

  it('refuses a missing, short, non-hex or duplicated hash and duplicated fields', () => {
    const query: Record<string, unknown> = { ...vectorA(), vnp_SecureHash: VECTOR_A_HASH };
    const { vnp_SecureHash: _dropped, ...withoutHash } = query;
    expect(verifyParams(withoutHash, SECRET)).toBe(false);
    expect(verifyParams({ ...query, vnp_SecureHash: '' }, SECRET)).toBe(false);
    expect(verifyParams({ ...query, vnp_SecureHash: VECTOR_A_HASH.slice(2) }, SECRET)).toBe(false);
    expect(verifyParams({ ...query, vnp_SecureHash: `zz${VECTOR_A_HASH.slice(2)}` }, SECRET)).toBe(
      false,
    );
    expect(verifyParams({ ...query, vnp_SecureHash: [VECTOR_A_HASH, VECTOR_A_HASH] }, SECRET)).toBe(
      false,
    );
    expect(verifyParams({ ...query, vnp_TxnRef: ['1716257871703', '1'] }, SECRET)).toBe(false);
  });

  it('isSuccess needs ResponseCode 00 and TransactionStatus 00', () => {
    expect(isSuccess(vectorA())).toBe(true);
    expect(isSuccess({ ...vectorA(), vnp_TransactionStatus: '02' })).toBe(false);
    expect(isSuccess({ ...vectorA(), vnp_ResponseCode: '24' })).toBe(false);
    expect(isSuccess({})).toBe(false);
  });
});

describe('buildPaymentUrl', () => {
  it('builds the 2.1.0 request: amount x100, GMT+7 dates, 15 minute expiry, sanitised text', () => {
    const url = buildPaymentUrl(GATEWAY, REQUEST);
    expect(url.startsWith(`${GATEWAY.payUrl}?vnp_Amount=5000000&`)).toBe(true);
    expect(queryOf(url)).toEqual({
      vnp_Amount: '5000000',
      vnp_Command: 'pay',
      vnp_CreateDate: '20250101003005',
      vnp_CurrCode: 'VND',
      vnp_ExpireDate: '20250101004505',
      vnp_IpAddr: '203.0.113.9',
      vnp_Locale: 'vn',
      vnp_OrderInfo: 'Thanh toan don hang 42: Pho Dac Biet x2 tra da',
      vnp_OrderType: 'other',
      vnp_ReturnUrl: REQUEST.returnUrl,
      vnp_TmnCode: 'TESTTMN1',
      vnp_TxnRef: 'ABC123',
      vnp_Version: '2.1.0',
      vnp_SecureHash: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
  });

  it('is exactly the signed string plus &vnp_SecureHash=', () => {
    const url = buildPaymentUrl(GATEWAY, { ...REQUEST, bankCode: 'NCB', locale: 'en' });
    const [, search] = url.split('?') as [string, string];
    const [signed, hash] = search.split('&vnp_SecureHash=') as [string, string];
    expect(createHmac('sha512', GATEWAY.hashSecret).update(signed).digest('hex')).toBe(hash);
    expect(queryOf(url)).toMatchObject({ vnp_BankCode: 'NCB', vnp_Locale: 'en' });
    expect(verifyParams(queryOf(url), GATEWAY.hashSecret)).toBe(true);
  });

  it('honours expiresInMinutes and keeps the date in Vietnam whatever the process zone', () => {
    const url = buildPaymentUrl(GATEWAY, { ...REQUEST, expiresInMinutes: 60 });
    expect(queryOf(url).vnp_ExpireDate).toBe('20250101013005');
    expect(formatVnpDate(new Date('2024-05-21T02:18:06Z'))).toBe('20240521091806');
    expect(formatVnpDate(new Date('2024-05-21T16:59:59Z'))).toBe('20240521235959');
    expect(formatVnpDate(new Date('2024-05-21T17:00:00Z'))).toBe('20240522000000');
    expect(parseVnpDate('20240521091806')?.toISOString()).toBe('2024-05-21T02:18:06.000Z');
    expect(parseVnpDate('20240231000000')).toBeNull();
    expect(parseVnpDate('2024052109180')).toBeNull();
  });

  it('maps loopback and IPv4-mapped addresses into 7-45 characters', () => {
    expect(normalizeIpAddr('::1')).toBe('127.0.0.1');
    expect(normalizeIpAddr('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIpAddr('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIpAddr('2001:db8::8a2e:370:7334')).toBe('2001:db8::8a2e:370:7334');
    expect(normalizeIpAddr('1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeIpAddr('')).toBe('127.0.0.1');
    expect(normalizeIpAddr('not an ip')).toBe('127.0.0.1');
    const ip = queryOf(buildPaymentUrl(GATEWAY, { ...REQUEST, ipAddr: '::1' })).vnp_IpAddr;
    expect(ip).toBe('127.0.0.1');
  });

  it('reduces OrderInfo to [A-Za-z0-9 .,:_-], at most 255 characters', () => {
    expect(sanitizeOrderInfo('Đồ ăn đêm: Bún bò Huế, chả giò - 2 phần')).toBe(
      'Do an dem: Bun bo Hue, cha gio - 2 phan',
    );
    expect(sanitizeOrderInfo('Nạp tiền'.normalize('NFD'))).toBe('Nap tien');
    expect(sanitizeOrderInfo('a&b=c?d/e+f#g%h')).toBe('a b c d e f g h');
    const long = sanitizeOrderInfo('Phở '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(255);
    expect(long).toMatch(/^[A-Za-z0-9 .,:_-]+$/);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        expect(sanitizeOrderInfo(text)).toMatch(/^[A-Za-z0-9 .,:_-]{0,255}$/);
      }),
    );
    const url = buildPaymentUrl(GATEWAY, { ...REQUEST, orderInfo: '###' });
    expect(queryOf(url).vnp_OrderInfo).toBe('Thanh toan ABC123');
  });

  it('refuses amounts the gateway refuses and TxnRefs that are not alphanumeric', () => {
    for (const amount of [0, -5000, 4_999, 1.5, 1_000_000_000, Number.NaN]) {
      expect(() => buildPaymentUrl(GATEWAY, { ...REQUEST, amount })).toThrow(RangeError);
    }
    expect(() => buildPaymentUrl(GATEWAY, { ...REQUEST, txnRef: 'a-b' })).toThrow(RangeError);
    expect(queryOf(buildPaymentUrl(GATEWAY, { ...REQUEST, amount: 5_000 })).vnp_Amount).toBe(
      '500000',
    );
  });

  it('newTxnRef is alphanumeric and fresh every time', () => {
    const refs = new Set(Array.from({ length: 5000 }, () => newTxnRef()));
    expect(refs.size).toBe(5000);
    for (const ref of refs) expect(ref).toMatch(/^[0-9A-Z]{16,24}$/);
  });
});

describe('checkIpn (vnpay.md order)', () => {
  const signed = (params: Record<string, string>) => ({
    ...params,
    vnp_SecureHash: signParams(params, SECRET),
  });
  const pending = { amount: 10_000, status: 'pending' as const };

  it('answers 97, 01, 04, 02 in that order, else proceed', () => {
    const good = signed(vectorA());
    expect(checkIpn({ ...good, vnp_Amount: '1' }, SECRET, pending)).toBe('97');
    expect(checkIpn({ ...good, vnp_Amount: '1' }, SECRET, null)).toBe('97');
    expect(checkIpn(good, SECRET, null)).toBe('01');
    expect(checkIpn(signed({ ...vectorA(), vnp_Amount: '1000001' }), SECRET, pending)).toBe('04');
    expect(checkIpn(good, SECRET, { amount: 20_000, status: 'succeeded' })).toBe('04');
    expect(checkIpn(good, SECRET, { amount: 10_000, status: 'succeeded' })).toBe('02');
    expect(checkIpn(good, SECRET, { amount: 10_000, status: 'failed' })).toBe('02');
    expect(checkIpn(good, SECRET, pending)).toBe('proceed');
  });
});

describe('cross-check against the vnpay npm package (an independent implementation)', () => {
  const library = new VNPay({
    tmnCode: GATEWAY.tmnCode,
    secureSecret: GATEWAY.hashSecret,
    vnpayHost: 'https://sandbox.vnpayment.vn',
    testMode: true,
    loggerFn: ignoreLogger,
  });
  const theirHash = (params: Record<string, string>, secret: string) =>
    calculateSecureHash({
      secureSecret: secret,
      data: buildPaymentUrlSearchParams(params).toString(),
      hashAlgorithm: HashAlgorithm.SHA512,
      bufferEncode: 'utf-8',
    });

  it('signs vector A the same way', () => {
    expect(theirHash(vectorA(), SECRET)).toBe(VECTOR_A_HASH);
  });

  it('agrees with our signature for arbitrary vnp_ parameters', () => {
    // Real field names plus ones that test the sort (case, prefixes of each other), each
    // present or not, with any text (lone surrogates, '+', '&', '=', '%', emoji...).
    const char = fc.oneof(
      fc.constantFrom(' ', '+', '&', '=', '%', '~', '*', "'", '(', '\n', 'đ', 'ệ', '😀', '\uD800'),
      fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0xa0, max: 0xd7ff }).map((code) => String.fromCharCode(code)),
    );
    const value = fc.string({ unit: char, maxLength: 40 });
    const names = ['vnp_Amount', 'vnp_OrderInfo', 'vnp_TxnRef', 'vnp_a', 'vnp_A', 'vnp_Ab', 'vnp_'];
    const params = fc.record(Object.fromEntries(names.map((name) => [name, value])), {
      requiredKeys: [],
    });
    fc.assert(
      fc.property(params, (p) => {
        const defined = p as Record<string, string>;
        expect(signParams(defined, SECRET)).toBe(theirHash(defined, SECRET));
      }),
      { numRuns: 200 },
    );
  });

  it('verifies the URLs we build, and we verify the URLs it builds', () => {
    const ours = queryOf(buildPaymentUrl(GATEWAY, { ...REQUEST, bankCode: 'NCB' }));
    expect(library.verifyReturnUrl(ours as never).isVerified).toBe(true);
    expect(library.verifyReturnUrl({ ...ours, vnp_Amount: '1' } as never).isVerified).toBe(false);

    const theirs = library.buildPaymentUrl({
      vnp_Amount: 123_000,
      vnp_IpAddr: '203.0.113.9',
      vnp_ReturnUrl: 'https://monngon.example/api/payment/vnpay/return/?from=app',
      vnp_TxnRef: 'XYZ789',
      vnp_OrderInfo: 'Nap tien vao vi: 123.000 dong',
      vnp_BankCode: 'NCB',
    });
    const query = queryOf(theirs);
    expect(query.vnp_Amount).toBe('12300000');
    expect(verifyParams(query, GATEWAY.hashSecret)).toBe(true);
    expect(verifyParams({ ...query, vnp_TxnRef: 'XYZ788' }, GATEWAY.hashSecret)).toBe(false);
  });
});

describe('queryTransaction (querydr)', () => {
  const API = { apiUrl: 'https://vnpay.test/merchant_webapi/api/transaction', ...GATEWAY };
  const QUERY = {
    txnRef: 'ABC123',
    transactionDate: CREATED,
    ipAddr: '::1',
    orderInfo: 'Truy vấn giao dịch ABC123',
    now: new Date('2025-01-01T00:00:00Z'),
  };
  const hmac = (data: string) =>
    createHmac('sha512', GATEWAY.hashSecret).update(data).digest('hex');

  /** A fake VNPay API: records the request, answers `reply` signed VNPay's way (or as given). */
  const fakeApi = (reply: Record<string, unknown>, sign = true) => {
    const requests: Record<string, string>[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(JSON.parse(init.body as string) as Record<string, string>);
      const body = sign ? { ...reply, vnp_SecureHash: signReply(reply) } : reply;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { requests, fetchMock };
  };
  // Written out here from the field order of vnpay.md / the task, independently of the module.
  const signReply = (r: Record<string, unknown>) =>
    hmac(
      [
        r.vnp_ResponseId,
        r.vnp_Command,
        r.vnp_ResponseCode,
        r.vnp_Message,
        r.vnp_TmnCode,
        r.vnp_TxnRef,
        r.vnp_Amount,
        r.vnp_BankCode,
        r.vnp_PayDate,
        r.vnp_TransactionNo,
        r.vnp_TransactionType,
        r.vnp_TransactionStatus,
        r.vnp_OrderInfo,
        r.vnp_PromotionCode,
        r.vnp_PromotionAmount,
      ]
        .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))
        .join('|'),
    );
  const PAID = {
    vnp_ResponseId: 'r1',
    vnp_Command: 'querydr',
    vnp_ResponseCode: '00',
    vnp_Message: 'QueryDR Success',
    vnp_TmnCode: GATEWAY.tmnCode,
    vnp_TxnRef: 'ABC123',
    vnp_Amount: '5000000',
    vnp_BankCode: 'NCB',
    vnp_PayDate: '20250101003500',
    vnp_TransactionNo: '14422574',
    vnp_TransactionType: '01',
    vnp_TransactionStatus: '00',
    vnp_OrderInfo: 'Thanh toan don hang 42',
  };

  it('posts a querydr request with the pipe-joined checksum and reads a signed reply', async () => {
    const { requests, fetchMock } = fakeApi(PAID);
    await expect(queryTransaction(API, QUERY)).resolves.toEqual({
      responseCode: '00',
      transactionStatus: '00',
      amount: 50_000,
      transactionNo: '14422574',
      bankCode: 'NCB',
      payDate: '20250101003500',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe(API.apiUrl);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
    const sent = requests[0]!;
    expect(sent).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'querydr',
      vnp_TmnCode: GATEWAY.tmnCode,
      vnp_TxnRef: 'ABC123',
      vnp_OrderInfo: 'Truy van giao dich ABC123',
      vnp_TransactionDate: '20250101003005',
      vnp_CreateDate: '20250101070000',
      vnp_IpAddr: '127.0.0.1',
    });
    expect(sent.vnp_RequestId).toMatch(/^[A-Za-z0-9]{1,32}$/);
    expect(sent.vnp_SecureHash).toBe(
      hmac(
        [
          sent.vnp_RequestId,
          '2.1.0',
          'querydr',
          GATEWAY.tmnCode,
          'ABC123',
          '20250101003005',
          '20250101070000',
          '127.0.0.1',
          'Truy van giao dich ABC123',
        ].join('|'),
      ),
    );
    expect(queryDrResponseHash(PAID, GATEWAY.hashSecret)).toBe(signReply(PAID));
  });

  it('fresh RequestId per call; numeric fields accepted', async () => {
    const { requests } = fakeApi({ ...PAID, vnp_Amount: 5000000 });
    await expect(queryTransaction(API, QUERY)).resolves.toMatchObject({ amount: 50_000 });
    await queryTransaction(API, QUERY);
    expect(requests[0]!.vnp_RequestId).not.toBe(requests[1]!.vnp_RequestId);
  });

  it('reports a not-found answer (91) with nulls', async () => {
    fakeApi({ vnp_ResponseId: 'r2', vnp_Command: 'querydr', vnp_ResponseCode: '91' });
    await expect(queryTransaction(API, QUERY)).resolves.toEqual({
      responseCode: '91',
      transactionStatus: null,
      amount: null,
      transactionNo: null,
      bankCode: null,
      payDate: null,
    });
  });

  it('throws on a forged or unsigned success, a reply about another TxnRef, HTTP errors', async () => {
    fakeApi({ ...PAID, vnp_SecureHash: 'f'.repeat(128) }, false);
    await expect(queryTransaction(API, QUERY)).rejects.toThrow(/checksum/);
    fakeApi(PAID, false);
    await expect(queryTransaction(API, QUERY)).rejects.toThrow(/signed/);
    fakeApi({ ...PAID, vnp_TxnRef: 'OTHER1' });
    await expect(queryTransaction(API, QUERY)).rejects.toThrow(/another transaction/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('busy', { status: 503 })),
    );
    await expect(queryTransaction(API, QUERY)).rejects.toThrow(/HTTP 503/);
  });

  it('throws on a network failure and gives up after 10 seconds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(queryTransaction(API, QUERY)).rejects.toThrow('fetch failed');

    const timeout = vi.spyOn(AbortSignal, 'timeout');
    fakeApi(PAID);
    await queryTransaction(API, QUERY);
    expect(timeout).toHaveBeenCalledWith(10_000);
  });
});

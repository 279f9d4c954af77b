import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * VNPay 2.1.0, written from the team's vnpay.md protocol notes: request URLs, the checksum of
 * requests, return URLs and IPN calls, the IPN decision order and querydr. Pure functions apart
 * from the one fetch of queryTransaction, so the payments module and the sandbox share one
 * definition of "signed".
 */

export const VNP_VERSION = '2.1.0';
/** The gateway takes 5,000 to under 1,000,000,000 VND (vnpay.md). */
export const MIN_AMOUNT = 5_000;
export const MAX_AMOUNT_EXCLUSIVE = 1_000_000_000;
const DEFAULT_EXPIRY_MINUTES = 15;
const QUERY_TIMEOUT_MS = 10_000;
const ORDER_INFO_MAX = 255;
// VNPay's own time zone. "Etc/GMT+7" would be UTC-7 (POSIX signs are inverted), 14 hours off.
const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const EXCLUDED_KEYS = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);
const HASH_PATTERN = /^[0-9a-fA-F]{128}$/;

function hmacSha512(secret: string, data: string): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

/**
 * The string VNPay signs: vnp_ keys only, without the hash itself and without empty values,
 * sorted by key (code-unit order, like PHP ksort and Java's TreeMap), values form-encoded
 * (space -> '+', as URLSearchParams and PHP urlencode do). Non-string values are skipped:
 * the caller decides whether they make the input invalid.
 */
export function signingString(params: Record<string, unknown>): string {
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (!key.startsWith('vnp_') || EXCLUDED_KEYS.has(key)) continue;
    if (typeof value !== 'string' || value === '') continue;
    entries.push([key, value]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/** HMAC-SHA512 of the signing string, lowercase hex: the value of vnp_SecureHash. */
export function signParams(params: Record<string, string>, secret: string): string {
  return hmacSha512(secret, signingString(params));
}

/** Constant-time comparison of two SHA-512 hex digests, case-insensitive. */
export function hashesEqual(received: string, expected: string): boolean {
  if (!HASH_PATTERN.test(received)) return false;
  const a = Buffer.from(received.toLowerCase(), 'ascii');
  const b = Buffer.from(expected.toLowerCase(), 'ascii');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * True when `query` (a return URL's or an IPN's parameters) carries a valid vnp_SecureHash.
 * A vnp_ parameter given twice (an array) is refused: which copy was signed is ambiguous.
 */
export function verifyParams(query: Record<string, unknown>, secret: string): boolean {
  const received = query.vnp_SecureHash;
  if (typeof received !== 'string') return false;
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('vnp_') && value != null && typeof value !== 'string') return false;
  }
  return hashesEqual(received, hmacSha512(secret, signingString(query)));
}

/** ResponseCode 00 and TransactionStatus 00: VNPay's definition of a paid transaction. */
export function isSuccess(query: Record<string, unknown>): boolean {
  return query.vnp_ResponseCode === '00' && query.vnp_TransactionStatus === '00';
}

const vnDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** yyyyMMddHHmmss in Vietnam's time, the format of every VNPay date. */
export function formatVnpDate(date: Date): string {
  const parts: Record<string, string> = {};
  for (const part of vnDateFormat.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

/** The instant a VNPay date (yyyyMMddHHmmss, GMT+7, no daylight saving) stands for; null if malformed. */
export function parseVnpDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h - 7, mi, s));
  // Reject 20240231... rather than silently rolling it over into March.
  return formatVnpDate(date) === value ? date : null;
}

/**
 * vnp_OrderInfo must be Vietnamese without diacritics and without special characters
 * (vnpay.md): diacritics are stripped (đ -> d), anything else outside [A-Za-z0-9 .,:_-]
 * becomes a space, runs of spaces collapse, at most 255 characters.
 */
export function sanitizeOrderInfo(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 .,:_-]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, ORDER_INFO_MAX)
    .trim();
}

/**
 * vnp_IpAddr takes 7 to 45 characters: "::1" is too short, and an IPv4 client seen through a
 * dual-stack socket arrives as "::ffff:1.2.3.4". Anything that is not an address at all is
 * reported as the loopback rather than sent on to be refused by the gateway.
 */
export function normalizeIpAddr(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  if (mapped) return mapped[1]!;
  if (trimmed === '::1' || isIP(trimmed) === 0) return '127.0.0.1';
  return trimmed.length >= 7 && trimmed.length <= 45 ? trimmed : '127.0.0.1';
}

export interface GatewayConfig {
  payUrl: string;
  tmnCode: string;
  hashSecret: string;
}

export interface PaymentRequest {
  txnRef: string;
  /** Whole VND; the URL carries it x100. */
  amount: number;
  orderInfo: string;
  returnUrl: string;
  ipAddr: string;
  createdAt: Date;
  expiresInMinutes?: number;
  bankCode?: string;
  locale?: 'vn' | 'en';
}

/** The parameters of a payment request, before signing. */
export function paymentParams(tmnCode: string, p: PaymentRequest): Record<string, string> {
  if (
    !Number.isSafeInteger(p.amount) ||
    p.amount < MIN_AMOUNT ||
    p.amount >= MAX_AMOUNT_EXCLUSIVE
  ) {
    throw new RangeError(`VNPay amount out of range: ${p.amount}`);
  }
  if (!/^[A-Za-z0-9]{1,100}$/.test(p.txnRef))
    throw new RangeError('VNPay TxnRef must be alphanumeric');
  const expiresAt = new Date(
    p.createdAt.getTime() + (p.expiresInMinutes ?? DEFAULT_EXPIRY_MINUTES) * 60_000,
  );
  const params: Record<string, string> = {
    vnp_Version: VNP_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: tmnCode,
    vnp_Amount: String(p.amount * 100),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: p.txnRef,
    // An order description that sanitises to nothing would be refused by the gateway.
    vnp_OrderInfo: sanitizeOrderInfo(p.orderInfo) || `Thanh toan ${p.txnRef}`,
    vnp_OrderType: 'other',
    vnp_Locale: p.locale ?? 'vn',
    vnp_ReturnUrl: p.returnUrl,
    vnp_IpAddr: normalizeIpAddr(p.ipAddr),
    vnp_CreateDate: formatVnpDate(p.createdAt),
    vnp_ExpireDate: formatVnpDate(expiresAt),
  };
  if (p.bankCode) params.vnp_BankCode = p.bankCode;
  return params;
}

/** Signs `params` and appends them to `baseUrl`: the signed string plus its hash (vnpay.md). */
export function signedUrl(baseUrl: string, params: Record<string, string>, secret: string): string {
  const signed = signingString(params);
  const separator = baseUrl.includes('?') ? '&' : '?';
  return `${baseUrl}${separator}${signed}&vnp_SecureHash=${hmacSha512(secret, signed)}`;
}

/** The URL to send the customer's browser to. */
export function buildPaymentUrl(cfg: GatewayConfig, p: PaymentRequest): string {
  return signedUrl(cfg.payUrl, paymentParams(cfg.tmnCode, p), cfg.hashSecret);
}

const TXN_REF_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A fresh reference per payment attempt: the time in base 36 (sorts and reads as "when") and
 * 10 random base-36 characters (~51 bits), so two attempts in the same millisecond still differ.
 */
export function newTxnRef(): string {
  let random = '';
  for (let i = 0; i < 10; i += 1) random += TXN_REF_ALPHABET[randomInt(36)];
  return `${Date.now().toString(36).toUpperCase()}${random}`;
}

export type IpnCode = '97' | '01' | '04' | '02';

/**
 * The IPN checks in vnpay.md's order: bad signature 97, unknown TxnRef 01, wrong amount 04,
 * no longer pending 02; 'proceed' means record the outcome and answer 00. `lookup` is our
 * payment for the query's vnp_TxnRef (null when there is none).
 */
export function checkIpn(
  query: Record<string, unknown>,
  secret: string,
  lookup: { amount: number; status: 'pending' | 'succeeded' | 'failed' } | null,
): IpnCode | 'proceed' {
  if (!verifyParams(query, secret)) return '97';
  if (!lookup) return '01';
  const raw = query.vnp_Amount;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || Number(raw) !== lookup.amount * 100) {
    return '04';
  }
  if (lookup.status !== 'pending') return '02';
  return 'proceed';
}

/** The Message VNPay expects next to each RspCode. */
export const IPN_MESSAGES: Record<IpnCode | '00' | '99', string> = {
  '00': 'Confirm Success',
  '01': 'Order not found',
  '02': 'Order already confirmed',
  '04': 'Invalid amount',
  '97': 'Invalid signature',
  '99': 'Unknown error',
};

/** querydr request checksum order (vnpay.md). */
export function queryDrRequestHash(body: Record<string, string>, secret: string): string {
  return hmacSha512(
    secret,
    [
      body.vnp_RequestId,
      body.vnp_Version,
      body.vnp_Command,
      body.vnp_TmnCode,
      body.vnp_TxnRef,
      body.vnp_TransactionDate,
      body.vnp_CreateDate,
      body.vnp_IpAddr,
      body.vnp_OrderInfo,
    ]
      .map((value) => value ?? '')
      .join('|'),
  );
}

const RESPONSE_HASH_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
] as const;

/** Text of a JSON reply field; VNPay sends some numbers as numbers, absent ones as null. */
function field(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** querydr reply checksum, over VNPay's reply field order (missing fields count as ''). */
export function queryDrResponseHash(reply: Record<string, unknown>, secret: string): string {
  return hmacSha512(secret, RESPONSE_HASH_FIELDS.map((key) => field(reply[key])).join('|'));
}

export interface QueryResult {
  responseCode: string;
  transactionStatus: string | null;
  /** Whole VND (the reply's vnp_Amount / 100). */
  amount: number | null;
  transactionNo: string | null;
  bankCode: string | null;
  payDate: string | null;
}

/**
 * querydr: asks VNPay for the outcome of `txnRef` (to settle a payment whose IPN never came).
 * Throws on a network failure, a timeout (10 s), a non-2xx status, a reply that is not JSON
 * or whose checksum is wrong, or an answer about another transaction.
 */
export async function queryTransaction(
  cfg: { apiUrl: string; tmnCode: string; hashSecret: string },
  p: { txnRef: string; transactionDate: Date; ipAddr: string; orderInfo: string; now?: Date },
): Promise<QueryResult> {
  const body: Record<string, string> = {
    vnp_RequestId: randomBytes(16).toString('hex'),
    vnp_Version: VNP_VERSION,
    vnp_Command: 'querydr',
    vnp_TmnCode: cfg.tmnCode,
    vnp_TxnRef: p.txnRef,
    vnp_OrderInfo: sanitizeOrderInfo(p.orderInfo) || `Truy van ${p.txnRef}`,
    vnp_TransactionDate: formatVnpDate(p.transactionDate),
    vnp_CreateDate: formatVnpDate(p.now ?? new Date()),
    vnp_IpAddr: normalizeIpAddr(p.ipAddr),
  };
  body.vnp_SecureHash = queryDrRequestHash(body, cfg.hashSecret);

  const response = await fetch(cfg.apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`VNPay querydr: HTTP ${response.status}`);
  const reply = await response.json();
  if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) {
    throw new Error('VNPay querydr: the reply is not a JSON object');
  }
  const data = reply as Record<string, unknown>;
  const received = data.vnp_SecureHash;
  // An unsigned reply is accepted only for errors VNPay may answer without one; a signed
  // reply must carry our secret's checksum, or anyone on the path could report "paid".
  if (received != null) {
    if (
      typeof received !== 'string' ||
      !hashesEqual(received, queryDrResponseHash(data, cfg.hashSecret))
    ) {
      throw new Error('VNPay querydr: the reply checksum is invalid');
    }
  }
  const responseCode = field(data.vnp_ResponseCode);
  if (!responseCode) throw new Error('VNPay querydr: the reply has no vnp_ResponseCode');
  if (responseCode === '00') {
    if (received == null) throw new Error('VNPay querydr: a success reply must be signed');
    if (field(data.vnp_TxnRef) !== p.txnRef) {
      throw new Error('VNPay querydr: the reply is about another transaction');
    }
  }
  const rawAmount = field(data.vnp_Amount);
  const amount = /^\d{1,15}$/.test(rawAmount) ? Number(rawAmount) / 100 : null;
  const orNull = (key: string) => field(data[key]) || null;
  return {
    responseCode,
    transactionStatus: orNull('vnp_TransactionStatus'),
    amount: amount !== null && Number.isInteger(amount) ? amount : null,
    transactionNo: orNull('vnp_TransactionNo'),
    bankCode: orNull('vnp_BankCode'),
    payDate: orNull('vnp_PayDate'),
  };
}

import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import {
  formatVnpDate,
  hashesEqual,
  parseVnpDate,
  queryDrRequestHash,
  queryDrResponseHash,
  signParams,
  verifyParams,
  VNP_VERSION,
} from '../vnpay';
import {
  deleteOlderThan,
  finalizeTransaction,
  incrementOtpFailures,
  insertRequestId,
  selectTransaction,
  upsertOpenTransaction,
} from './sandbox.queries';

/**
 * The built-in imitation of VNPay (vnpay.md) for development and tests: it checks a signed
 * payment request, lets the NCB test cards decide the outcome, signs the result the way VNPay
 * does, and answers querydr. What it has seen (the pages shown, their outcomes, querydr
 * RequestIds) is kept in the database, like the real gateway's own records: a page opened
 * through one app instance is paid and queried through another, and after a restart. The
 * hourly housekeeping forgets it after a while (pruneSandbox); querydr then answers 91 (not
 * found), which the reconciliation handles anyway. Never registered in production (config.ts
 * and sandbox.routes.ts both refuse).
 */

export interface SandboxConfig {
  tmnCode: string;
  hashSecret: string;
}

export interface TestCard {
  number: string;
  responseCode: string;
  outcome: string;
}

/** vnpay.md: the NCB cards and what each one does (holder NGUYEN VAN A, 07/15, OTP 123456). */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '9704198526191432198', responseCode: '00', outcome: 'Thành công' },
  { number: '9704195798459170488', responseCode: '51', outcome: 'Không đủ số dư' },
  { number: '9704192181368742', responseCode: '09', outcome: 'Thẻ chưa kích hoạt' },
  { number: '9704193370791314', responseCode: '12', outcome: 'Thẻ bị khóa' },
  { number: '9704194841945513', responseCode: '11', outcome: 'Thẻ hết hạn' },
];
export const CARD_HOLDER = 'NGUYEN VAN A';
export const ISSUE_DATE = '07/15';
export const TEST_OTP = '123456';
const MAX_OTP_TRIES = 3;
const ALREADY_PROCESSED = 'Giao dịch đã được xử lý';
// Far longer than a payment stays pending (15 minutes) or a querydr retry comes back.
const FORGET_TRANSACTIONS_AFTER_SECONDS = 30 * 24 * 60 * 60;
const FORGET_REQUEST_IDS_AFTER_SECONDS = 24 * 60 * 60;

const REQUIRED = [
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_Amount',
  'vnp_CurrCode',
  'vnp_TxnRef',
  'vnp_OrderInfo',
  'vnp_OrderType',
  'vnp_Locale',
  'vnp_ReturnUrl',
  'vnp_IpAddr',
  'vnp_CreateDate',
] as const;

/** A checked payment request, as the page shows it. */
export interface PaymentView {
  tmnCode: string;
  txnRef: string;
  /** Whole VND. */
  amount: number;
  orderInfo: string;
  returnUrl: string;
  expiresAt: Date | null;
  /** The signed query string itself, carried through the form and checked again on submit. */
  rawQuery: string;
  params: Record<string, string>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export interface PaymentForm {
  action: 'pay' | 'cancel';
  card: string;
  holder: string;
  issueDate: string;
  otp: string;
}

export type PayOutcome =
  | { kind: 'error'; message: string }
  | { kind: 'retry'; message: string; view: PaymentView }
  | {
      kind: 'result';
      /** Signed result parameters (with vnp_SecureHash) for the IPN and the return URL. */
      params: Record<string, string>;
      returnUrl: string;
    };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** String values only: verifyParams has already refused a vnp_ parameter given twice. */
function flatten(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** A querydr body's fields as text: clients send dates and ids as JSON numbers too. */
function jsonFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) out[key] = String(value);
  }
  return out;
}

/** Forgets old transactions and querydr RequestIds (the hourly housekeeping). */
export function pruneSandbox(db: Kysely<DB>): Promise<number> {
  return deleteOlderThan(db, {
    transactionSeconds: FORGET_TRANSACTIONS_AFTER_SECONDS,
    requestSeconds: FORGET_REQUEST_IDS_AFTER_SECONDS,
  });
}

export class VnpaySandbox {
  constructor(
    private readonly config: SandboxConfig,
    private readonly db: Kysely<DB>,
  ) {}

  /** Checks a payment request the way the gateway would, before any page is shown. */
  async checkRequest(query: Record<string, unknown>, now: Date): Promise<Checked<PaymentView>> {
    if (!verifyParams(query, this.config.hashSecret)) {
      return { ok: false, message: 'Chữ ký không hợp lệ' };
    }
    const params = flatten(query);
    const missing = REQUIRED.filter((key) => !params[key]);
    if (missing.length > 0) {
      return { ok: false, message: `Thiếu tham số bắt buộc: ${missing.join(', ')}` };
    }
    if (params.vnp_TmnCode !== this.config.tmnCode) {
      return { ok: false, message: 'Website này chưa được phê duyệt (sai mã vnp_TmnCode)' };
    }
    if (params.vnp_Version !== VNP_VERSION || params.vnp_Command !== 'pay') {
      return { ok: false, message: 'Phiên bản hoặc lệnh không được hỗ trợ' };
    }
    if (params.vnp_CurrCode !== 'VND') {
      return { ok: false, message: 'Loại tiền tệ không được hỗ trợ' };
    }
    const amountX100 = params.vnp_Amount!;
    const amount = /^\d{1,15}$/.test(amountX100) ? Number(amountX100) / 100 : Number.NaN;
    if (!Number.isInteger(amount) || amount < 5_000 || amount >= 1_000_000_000) {
      return { ok: false, message: 'Số tiền không hợp lệ' };
    }
    if (!/^[A-Za-z0-9]{1,100}$/.test(params.vnp_TxnRef!)) {
      return { ok: false, message: 'Mã giao dịch (vnp_TxnRef) không hợp lệ' };
    }
    if (!isHttpUrl(params.vnp_ReturnUrl!)) {
      return { ok: false, message: 'Địa chỉ trả về (vnp_ReturnUrl) không hợp lệ' };
    }
    if (!parseVnpDate(params.vnp_CreateDate!)) {
      return { ok: false, message: 'Ngày tạo giao dịch (vnp_CreateDate) không hợp lệ' };
    }
    let expiresAt: Date | null = null;
    if (params.vnp_ExpireDate) {
      expiresAt = parseVnpDate(params.vnp_ExpireDate);
      if (!expiresAt) return { ok: false, message: 'Thời hạn (vnp_ExpireDate) không hợp lệ' };
      if (expiresAt.getTime() < now.getTime()) {
        return { ok: false, message: 'Giao dịch đã quá thời gian chờ thanh toán' };
      }
    }
    if ((await selectTransaction(this.db, params.vnp_TxnRef!))?.outcome === 'final') {
      return { ok: false, message: ALREADY_PROCESSED };
    }
    const rawQuery = new URLSearchParams(params).toString();
    return {
      ok: true,
      value: {
        tmnCode: params.vnp_TmnCode,
        txnRef: params.vnp_TxnRef!,
        amount,
        orderInfo: params.vnp_OrderInfo!,
        returnUrl: params.vnp_ReturnUrl!,
        expiresAt,
        rawQuery,
        params,
      },
    };
  }

  /** The page was shown: querydr now knows the transaction as "not completed" (01). */
  async open(view: PaymentView): Promise<void> {
    await upsertOpenTransaction(this.db, {
      txnRef: view.txnRef,
      amount: view.params.vnp_Amount!,
      orderInfo: view.orderInfo,
      createDate: view.params.vnp_CreateDate!,
    });
  }

  /**
   * The form was submitted. The request travels through the form as its signed query string
   * and is checked again here, so an edited hidden field gets the same refusal as a bad URL.
   * The outcome is final before this returns: a double submit finds 'Giao dịch đã được xử lý',
   * also when the two submits reach two instances at once (one conditional update decides).
   */
  async pay(rawQuery: string, form: PaymentForm, now: Date): Promise<PayOutcome> {
    const checked = await this.checkRequest(Object.fromEntries(new URLSearchParams(rawQuery)), now);
    if (!checked.ok) return { kind: 'error', message: checked.message };
    const view = checked.value;
    await this.open(view);

    if (form.action === 'cancel') {
      // A customer cancel: no bank was involved, no VNPay transaction number (vnpay.md).
      return this.finish(view, now, {
        vnp_ResponseCode: '24',
        vnp_TransactionStatus: '02',
        vnp_TransactionNo: '0',
        vnp_BankCode: 'VNPAY',
      });
    }

    const card = TEST_CARDS.find((c) => c.number === form.card.replace(/\s+/g, ''));
    if (!card) return { kind: 'retry', message: 'Số thẻ không hợp lệ', view };
    if (form.holder.trim().toUpperCase() !== CARD_HOLDER || form.issueDate.trim() !== ISSUE_DATE) {
      return { kind: 'retry', message: 'Thông tin thẻ không chính xác', view };
    }
    if (form.otp.trim() !== TEST_OTP) {
      const failures = await incrementOtpFailures(this.db, view.txnRef);
      if (failures === null) return { kind: 'error', message: ALREADY_PROCESSED };
      if (failures < MAX_OTP_TRIES) {
        const left = MAX_OTP_TRIES - failures;
        return { kind: 'retry', message: `Mã OTP không đúng. Bạn còn ${left} lần thử.`, view };
      }
      // The third wrong code ends the transaction, as VNPay does (13).
      return this.finish(view, now, this.cardResult('13', '02'));
    }
    const success = card.responseCode === '00';
    return this.finish(view, now, this.cardResult(card.responseCode, success ? '00' : '02'));
  }

  private cardResult(responseCode: string, transactionStatus: string): Record<string, string> {
    const transactionNo = String(randomInt(10_000_000, 100_000_000));
    return {
      vnp_ResponseCode: responseCode,
      vnp_TransactionStatus: transactionStatus,
      vnp_TransactionNo: transactionNo,
      vnp_BankCode: 'NCB',
      vnp_CardType: 'ATM',
      // Only a payment the bank accepted has a bank-side reference.
      ...(responseCode === '00' ? { vnp_BankTranNo: `VNP${transactionNo}` } : {}),
    };
  }

  private async finish(
    view: PaymentView,
    now: Date,
    outcome: Record<string, string>,
  ): Promise<PayOutcome> {
    const params: Record<string, string> = {
      vnp_Amount: view.params.vnp_Amount!,
      vnp_OrderInfo: view.orderInfo,
      vnp_PayDate: formatVnpDate(now),
      vnp_TmnCode: view.tmnCode,
      vnp_TxnRef: view.txnRef,
      ...outcome,
    };
    params.vnp_SecureHash = signParams(params, this.config.hashSecret);
    if (!(await finalizeTransaction(this.db, view.txnRef, params))) {
      return { kind: 'error', message: ALREADY_PROCESSED };
    }
    return { kind: 'result', params, returnUrl: view.returnUrl };
  }

  /** The merchant web API (querydr only); every reply is signed the VNPay way. */
  async queryDr(body: unknown): Promise<Record<string, string>> {
    const request = jsonFields(body);
    const fields = [
      'vnp_RequestId',
      'vnp_Version',
      'vnp_Command',
      'vnp_TmnCode',
      'vnp_TxnRef',
      'vnp_TransactionDate',
      'vnp_CreateDate',
      'vnp_IpAddr',
      'vnp_OrderInfo',
      'vnp_SecureHash',
    ];
    const reply = (code: string, message: string, extra: Record<string, string> = {}) =>
      this.signReply({
        vnp_ResponseId: randomBytes(16).toString('hex'),
        vnp_Command: request.vnp_Command ?? 'querydr',
        vnp_ResponseCode: code,
        vnp_Message: message,
        vnp_TmnCode: this.config.tmnCode,
        ...(request.vnp_TxnRef ? { vnp_TxnRef: request.vnp_TxnRef } : {}),
        ...extra,
      });

    if (fields.some((key) => !request[key])) {
      return reply('03', 'Dữ liệu gửi sang không đúng định dạng');
    }
    const expected = queryDrRequestHash(request, this.config.hashSecret);
    if (!hashesEqual(request.vnp_SecureHash!, expected)) {
      return reply('97', 'Checksum không hợp lệ');
    }
    if (request.vnp_TmnCode !== this.config.tmnCode) {
      return reply('02', 'Merchant không hợp lệ hoặc chưa được kích hoạt');
    }
    if (request.vnp_Command !== 'querydr') {
      return reply('99', 'Sandbox chỉ hỗ trợ lệnh querydr');
    }
    if (!(await insertRequestId(this.db, request.vnp_RequestId!))) {
      return reply('94', 'Yêu cầu bị trùng lặp');
    }
    const seen = await selectTransaction(this.db, request.vnp_TxnRef!);
    if (!seen) return reply('91', 'Không tìm thấy giao dịch yêu cầu');
    const result = seen.result;
    return reply('00', 'QueryDR Success', {
      vnp_Amount: seen.amount,
      vnp_OrderInfo: seen.order_info,
      vnp_TransactionType: '01',
      // Shown but never paid: "not completed" (01), as long as nothing else happened.
      vnp_TransactionStatus: result?.vnp_TransactionStatus ?? '01',
      ...(result
        ? {
            vnp_BankCode: result.vnp_BankCode!,
            vnp_PayDate: result.vnp_PayDate!,
            vnp_TransactionNo: result.vnp_TransactionNo!,
          }
        : {}),
    });
  }

  private signReply(reply: Record<string, string>): Record<string, string> {
    return { ...reply, vnp_SecureHash: queryDrResponseHash(reply, this.config.hashSecret) };
  }
}

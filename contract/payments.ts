import { z } from 'zod';
import { idSchema } from './numbers';

// --- Payments through VNPay (spec 7.4, design.md section 5, vnpay.md) ---

export const AMOUNT_INVALID_MESSAGE = 'Số tiền không hợp lệ';

/** Deposits, design.md section 5: any signed-in user, 5,000 to 100,000,000 VND. */
export const DEPOSIT_MIN = 5_000;
export const DEPOSIT_MAX = 100_000_000;
/** VNPay takes 5,000 to under 1,000,000,000 VND a transaction (vnpay.md). */
export const VNPAY_MIN_AMOUNT = 5_000;
export const VNPAY_MAX_AMOUNT = 999_999_999;

/**
 * Whole đồng above zero; anything else (a string, a fraction, 0, negative) is 'Số tiền không
 * hợp lệ'. The 5,000..100,000,000 range is the server's DEPOSIT_AMOUNT_RANGE refusal, so the
 * user learns the limits instead of a bare 'invalid'.
 */
export const DepositBodySchema = z.object({
  amount: z
    .number({ error: AMOUNT_INVALID_MESSAGE })
    .int(AMOUNT_INVALID_MESSAGE)
    .positive(AMOUNT_INVALID_MESSAGE),
});

export const PaymentLinkSchema = z.object({
  /** The VNPay page to open (popup or redirect). */
  payment_url: z.string(),
  /** The same URL: the spec's client reads either name. */
  redirect_url: z.string(),
  txn_ref: z.string(),
  /** VND. */
  amount: z.number().int(),
});

export const DepositReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PaymentLinkSchema,
});

export const PayOrderBodySchema = z.object({
  order_id: idSchema('Mã đơn hàng không hợp lệ'),
});

/**
 * status 'paid': the wallet covered the order. status 'pending': `amount_vnpay` is the
 * shortfall; with a link when it is at least VNPay's minimum (5,000), without one below it
 * (the client then shows 'Số dư không đủ').
 */
export const PayOrderResultSchema = z.object({
  status: z.enum(['paid', 'pending']),
  order_id: z.number().int(),
  amount_vnpay: z.number().int(),
  /** The wallet balance after this call. */
  balance: z.number().int(),
  payment_url: z.string().optional(),
  redirect_url: z.string().optional(),
  txn_ref: z.string().optional(),
});

export const PayOrderReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PayOrderResultSchema,
});

/**
 * What VNPay puts on the IPN and return URLs (vnpay.md 'Return URL and IPN'). Kept loose: the
 * signature covers every vnp_ field, known or not, so nothing may be dropped before checking it.
 */
export const VnpayCallbackQuerySchema = z.record(z.string(), z.unknown());

/** The IPN reply VNPay reads; always HTTP 200. */
export const VnpayIpnReplySchema = z.object({
  RspCode: z.string(),
  Message: z.string(),
});

export const PaymentOutcomeSchema = z.enum(['success', 'failed', 'processing']);

export const PaymentReturnResultSchema = z.object({
  /** 'processing' while our payment is still pending (the IPN has not arrived yet). */
  status: PaymentOutcomeSchema,
  purpose: z.enum(['deposit', 'order']),
  order_id: z.number().int().nullable(),
  amount: z.number().int(),
  txn_ref: z.string(),
});

/** success is true only for a confirmed payment; data.status tells failed from processing. */
export const PaymentReturnReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: PaymentReturnResultSchema,
});

export type DepositBody = z.infer<typeof DepositBodySchema>;
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;
export type PayOrderBody = z.infer<typeof PayOrderBodySchema>;
export type PayOrderResult = z.infer<typeof PayOrderResultSchema>;
export type VnpayIpnReply = z.infer<typeof VnpayIpnReplySchema>;
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;
export type PaymentReturnResult = z.infer<typeof PaymentReturnResultSchema>;
export type PaymentReturnReply = z.infer<typeof PaymentReturnReplySchema>;

import { z } from 'zod';
import { okReply, PaginationSchema } from './envelope';
import { requiredText } from './fields';
import { pageParam, perPageParam } from './numbers';
import { checkDateRange, DateSchema } from './revenue';

// --- Wallet, withdrawals (spec 2.16, 5, 7.5; design.md section 5) ---

export const AMOUNT_INVALID_MESSAGE = 'Số tiền không hợp lệ';

/**
 * A withdrawal amount: whole đồng, 1 to 1,000,000,000. A string, a fraction, zero, a negative
 * or a larger number are all 'Số tiền không hợp lệ' (spec section 5).
 */
export const WithdrawAmountSchema = z
  .number({ error: AMOUNT_INVALID_MESSAGE })
  .int(AMOUNT_INVALID_MESSAGE)
  .min(1, AMOUNT_INVALID_MESSAGE)
  .max(1_000_000_000, AMOUNT_INVALID_MESSAGE);

export const WalletBalanceSchema = z.object({ balance: z.number().int() });
export const WalletBalanceReplySchema = okReply(WalletBalanceSchema);

export const WithdrawBodySchema = z.object({ amount: WithdrawAmountSchema });

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** Who asked: username of the staff or owner account, or the full name when set. */
  user_name: z.string(),
  amount: z.number().int(),
  status: WithdrawalStatusSchema,
  reason: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** The withdrawal and the wallet balance left after it. */
export const WithdrawReplySchema = okReply(
  z.object({ withdrawal: WithdrawalSchema, balance: z.number().int() }),
);
export const WithdrawalReplySchema = okReply(WithdrawalSchema);

/**
 * The console's list: pending oldest first (the queue to pay), paid and rejected newest decision
 * first; `from`/`to` bound the request's day (Asia/Ho_Chi_Minh, inclusive).
 */
export const WithdrawalListQuerySchema = z.object({
  status: WithdrawalStatusSchema.optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  page: pageParam(),
  per_page: perPageParam().default(20),
});

/** What the console shows of a request: who, for which restaurant, and their wallet now. */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  restaurant_id: z.number().int().nullable(),
  restaurant_name: z.string().nullable(),
  /** The requester's wallet balance now, integer đồng (the amount has already left it). */
  wallet_balance: z.number().int(),
  /** The bank transfer's reference, given when marked paid. */
  bank_reference: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

export const WithdrawalListReplySchema = okReply(
  z.object({ items: z.array(AdminWithdrawalSchema), pagination: PaginationSchema }),
);
export const AdminWithdrawalReplySchema = okReply(AdminWithdrawalSchema);

export const BANK_REFERENCE_MESSAGE = 'Vui lòng nhập mã giao dịch chuyển khoản';

/** PUT /api/admin/withdrawals/{id}/paid/: the bank transfer's reference is required. */
export const MarkWithdrawalPaidBodySchema = z.object({
  reference: requiredText(BANK_REFERENCE_MESSAGE, 100, 'Mã giao dịch'),
});

/**
 * GET /api/admin/withdrawals/export.csv: requests made from `start_date` to `end_date`
 * (inclusive days, Asia/Ho_Chi_Minh, at most 366), any status unless one is given. The reply is
 * text/csv in UTF-8 with a byte order mark (Excel reads the Vietnamese right), one row per
 * request, oldest first; a field starting with = + - @ (or a tab or carriage return) is
 * prefixed with ' so a spreadsheet never runs it as a formula.
 */
export const WithdrawalExportQuerySchema = z
  .object({
    start_date: DateSchema,
    end_date: DateSchema,
    status: WithdrawalStatusSchema.optional(),
  })
  .superRefine(({ start_date, end_date }, ctx) => checkDateRange(start_date, end_date, ctx));

/** The CSV's header row, in order. */
export const WITHDRAWAL_CSV_COLUMNS = [
  'Mã yêu cầu',
  'Ngày yêu cầu',
  'Chủ quán',
  'Nhà hàng',
  'Số tiền (VND)',
  'Trạng thái',
  'Ngày xử lý',
  'Mã giao dịch',
  'Lý do từ chối',
] as const;

export const RejectWithdrawalBodySchema = z.object({
  reason: z
    .string({ error: 'Vui lòng nhập lý do từ chối' })
    .trim()
    .min(1, 'Vui lòng nhập lý do từ chối')
    .max(500, 'Lý do tối đa 500 ký tự'),
});

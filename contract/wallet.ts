import { z } from 'zod';
import { okReply, PaginationSchema } from './envelope';
import { pageParam, perPageParam } from './numbers';

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

export const WithdrawalListQuerySchema = z.object({
  status: WithdrawalStatusSchema.optional(),
  page: pageParam(),
  per_page: perPageParam().default(20),
});

export const WithdrawalListReplySchema = okReply(
  z.object({ items: z.array(WithdrawalSchema), pagination: PaginationSchema }),
);

export const RejectWithdrawalBodySchema = z.object({
  reason: z
    .string({ error: 'Vui lòng nhập lý do từ chối' })
    .trim()
    .min(1, 'Vui lòng nhập lý do từ chối')
    .max(500, 'Lý do tối đa 500 ký tự'),
});

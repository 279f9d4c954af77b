import { z } from 'zod';
import { okReply } from './envelope';
import { checkDateRange, DateSchema } from './revenue';

// The console's money overview: where the platform's money is now, what it earned, how VNPay
// went, what owners wait for, and the ledger's invariants checked on demand.

/** GET /api/admin/money/: days inclusive in Asia/Ho_Chi_Minh, at most 366. */
export const MoneyOverviewQuerySchema = z
  .object({ start_date: DateSchema, end_date: DateSchema })
  .superRefine(({ start_date, end_date }, ctx) => checkDateRange(start_date, end_date, ctx));

export const PAYMENT_OUTCOMES = ['succeeded', 'failed', 'pending'] as const;

export const MoneyOverviewSchema = z.object({
  /** The escrow account's balance now: paid for orders not yet completed or refunded. */
  escrow_held: z.number().int(),
  /** Orders paid and still open (their money is the escrow above). */
  open_orders: z.number().int(),
  /** Commission credited to the platform in the range, and since the start. */
  commission_in_range: z.number().int(),
  commission_all_time: z.number().int(),
  /** VNPay payments created in the range, by outcome (all three always present, in this order). */
  vnpay: z.array(
    z.object({
      status: z.enum(PAYMENT_OUTCOMES),
      count: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  /** Withdrawal requests waiting to be paid, whenever made. */
  pending_payouts: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** The sum of every wallet's balance now (customers' and owners' money held). */
  wallets_total: z.number().int(),
});
export const MoneyOverviewReplySchema = okReply(MoneyOverviewSchema);

/** POST /api/admin/money/check/: the ledger's invariants, run now. */
export const LedgerCheckSchema = z.object({
  /** True when all three hold. */
  ok: z.boolean(),
  /** Debits and credits of every account add up to zero. */
  sum_of_balances: z.number().int(),
  /** Accounts whose stored balance differs from their transfers (up to 20 listed). */
  mismatched_accounts: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      user_id: z.number().int().nullable(),
      balance: z.number().int(),
      computed: z.number().int(),
    }),
  ),
  /** Wallets below zero (up to 20 listed). */
  negative_wallets: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int().nullable(),
      balance: z.number().int(),
    }),
  ),
  checked_at: z.string(),
});
export const LedgerCheckReplySchema = okReply(LedgerCheckSchema);

export type MoneyOverview = z.infer<typeof MoneyOverviewSchema>;
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;

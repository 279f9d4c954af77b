import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WalletBalanceSchema } from '#contract/wallet';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/**
 * The wallet balance is read by cart, orders, profile and the payment screens, and refreshed
 * after every payment: invalidate this prefix after anything that moves money.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;

/**
 * Money changes behind the user's back (a refund when the restaurant cancels, an IPN landing
 * after the popup closed, a completed order crediting the owner), so every screen that shows
 * the balance reads it again when it opens; persisted so the last known figure still shows
 * offline and while the new one is on its way.
 */
export const WALLET_STALE_TIME_MS = 0;

/** GET /api/payment/wallet/balance/: the balance in đồng. */
export async function getWalletBalance(signal?: AbortSignal): Promise<number> {
  const reply = await http
    .get('payment/wallet/balance/', { signal })
    .json<ApiReply<WalletBalance>>();
  if (typeof reply.data?.balance !== 'number') throw new Error('Wallet reply without balance');
  return reply.data.balance;
}

export const walletBalanceQuery = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'balance'] as const,
  queryFn: ({ signal }) => getWalletBalance(signal),
  staleTime: WALLET_STALE_TIME_MS,
  ...persistedQuery,
});

/** The signed-in user's wallet balance; `enabled` false skips the call (visitors, guests). */
export function useWalletBalance(enabled = true): {
  balance: number | undefined;
  isLoading: boolean;
  isError: boolean;
} {
  const query = useQuery({ ...walletBalanceQuery, enabled });
  return { balance: query.data, isLoading: query.isLoading, isError: query.isError };
}

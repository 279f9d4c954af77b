import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletBalanceQuery, WALLET_QUERY_KEY } from '#src/api/wallet';
import { http, type ApiReply } from '#src/lib/http';
import { useAttemptKey } from './use-attempt-key';

interface WithdrawData {
  balance?: unknown;
}

/** POST /api/staff/payment/withdraw/ (spec 7.5): moves `amount` out of the wallet. */
export async function withdraw(amount: number, key: string): Promise<number | null> {
  const reply = await http
    .post('staff/payment/withdraw/', { json: { amount }, headers: { 'idempotency-key': key } })
    .json<ApiReply<WithdrawData>>();
  return typeof reply.data?.balance === 'number' ? reply.data.balance : null;
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (amount: number) => withdraw(amount, attempt.keyFor(amount)),
    onSuccess: (balance) => {
      attempt.settled();
      // The reply carries the balance left, so the figure changes at once.
      if (balance !== null) queryClient.setQueryData(walletBalanceQuery.queryKey, balance);
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
    onError: (error) => attempt.settled(error),
  });
}

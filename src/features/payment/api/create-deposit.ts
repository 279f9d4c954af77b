import { useMutation } from '@tanstack/react-query';
import type { PaymentLink } from '#contract/payments';
import { http, type ApiReply } from '#src/lib/http';
import { useAttemptKey } from './use-attempt-key';

/**
 * POST /api/payment/deposit/create/ (spec 7.4): the VNPay link for a top-up. The spec's client
 * reads payment_url or redirect_url; a reply with neither cannot be paid, so it is a failure.
 */
export async function createDeposit(amount: number, key: string): Promise<string> {
  const reply = await http
    .post('payment/deposit/create/', { json: { amount }, headers: { 'idempotency-key': key } })
    .json<ApiReply<Partial<PaymentLink>>>();
  const url = reply.data?.payment_url || reply.data?.redirect_url;
  if (!url) throw new Error('Deposit reply without a payment link');
  return url;
}

export function useCreateDeposit() {
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (amount: number) => createDeposit(amount, attempt.keyFor(amount)),
    onSuccess: () => attempt.settled(),
    onError: (error) => attempt.settled(error),
  });
}

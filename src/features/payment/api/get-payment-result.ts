import { queryOptions } from '@tanstack/react-query';
import type { PaymentReturnReply, PaymentReturnResult } from '#contract/payments';
import { http } from '#src/lib/http';

/** Spec section 4: a 'processing' payment is asked about again every 2 s... */
export const RESULT_POLL_MS = 2_000;
/** ...for at most 30 s; by then VNPay's IPN is late and the reconciliation job takes over. */
export const RESULT_POLL_LIMIT_MS = 30_000;

/**
 * GET /api/payment/vnpay/return/ with VNPay's query exactly as it arrived (`search`, '?' and
 * all): the signature covers every vnp_ field as VNPay encoded it, so nothing is re-encoded.
 * The same address a browser navigation gets the app for answers JSON to Accept:
 * application/json (the http client's default). Never persisted: a payment's outcome is read
 * fresh.
 */
export const paymentResultQuery = (search: string) =>
  queryOptions({
    queryKey: ['payment-result', search] as const,
    queryFn: async ({ signal }): Promise<PaymentReturnResult> => {
      const reply = await http
        .get(`payment/vnpay/return/${search}`, { signal })
        .json<PaymentReturnReply>();
      return reply.data;
    },
    // Only polling asks again: a focus or reconnect refetch would add nothing.
    staleTime: Infinity,
  });

import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VerifyOtpReplySchema } from '#contract/auth';
import { http, type ApiReply } from '#src/lib/http';

export interface VerifyOtpBody {
  phone: string;
  otp_code: string;
}

/** `customer` is the signed-in profile, `tokens` the access and refresh tokens. */
export type VerifyOtpData = z.infer<typeof VerifyOtpReplySchema>['data'];

/** POST /api/auth/customer/verify-otp/ (spec 7.1): signs the customer in with the code. */
export function verifyOtp(body: VerifyOtpBody): Promise<ApiReply<VerifyOtpData>> {
  return http.post('auth/customer/verify-otp/', { json: body }).json<ApiReply<VerifyOtpData>>();
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

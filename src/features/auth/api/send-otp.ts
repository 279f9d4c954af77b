import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SendOtpReplySchema } from '#contract/auth';
import { http, type ApiReply } from '#src/lib/http';

export interface SendOtpBody {
  phone: string;
}

/** `resend_after`: seconds before another code may be asked for; `expires_in`: code lifetime. */
export type SendOtpData = z.infer<typeof SendOtpReplySchema>['data'];

/** POST /api/auth/customer/send-otp/ (spec 7.1): texts a one-time code to the phone. */
export function sendOtp(body: SendOtpBody): Promise<ApiReply<SendOtpData>> {
  return http.post('auth/customer/send-otp/', { json: body }).json<ApiReply<SendOtpData>>();
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}

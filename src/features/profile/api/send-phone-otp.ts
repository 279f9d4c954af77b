import { useMutation } from '@tanstack/react-query';
import { http, type ApiReply } from '#src/lib/http';

/**
 * POST /api/customer/profile/phone-otp/: a code to the new number. The server changes a
 * customer's phone only with that code (otp_code in the profile PUT).
 */
export function sendPhoneOtp(phone: string): Promise<ApiReply> {
  return http.post('customer/profile/phone-otp/', { json: { phone } }).json<ApiReply>();
}

export function useSendPhoneOtp() {
  return useMutation({ mutationFn: sendPhoneOtp });
}

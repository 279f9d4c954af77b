import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffLoginReplySchema } from '#contract/auth';
import { http, type ApiReply } from '#src/lib/http';

/** `username` may also be the account's email. */
export interface StaffLoginBody {
  username: string;
  password: string;
}

export type StaffLoginData = z.infer<typeof StaffLoginReplySchema>['data'];

/** POST /api/auth/staff/login/ (spec 7.1): owner, staff and admin sign-in. */
export function staffLogin(body: StaffLoginBody): Promise<ApiReply<StaffLoginData>> {
  return http.post('auth/staff/login/', { json: body }).json<ApiReply<StaffLoginData>>();
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}

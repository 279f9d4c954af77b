import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterBody, RegisterReplySchema } from '#contract/auth';
import { http, type ApiReply } from '#src/lib/http';

export type RegisterData = z.infer<typeof RegisterReplySchema>['data'];

/** POST /api/auth/staff/register/ (spec 7.1): a new owner account, approved later. */
export function register(body: RegisterBody): Promise<ApiReply<RegisterData>> {
  return http.post('auth/staff/register/', { json: body }).json<ApiReply<RegisterData>>();
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffMemberCreateBody } from '#contract/staff-members';
import { http, type ApiReply } from '#src/lib/http';
import { membersQuery } from './get-members';

/** POST /api/staff/members/: a staff account linked to the owner's restaurant. */
export async function addMember(body: StaffMemberCreateBody): Promise<StaffMember | undefined> {
  const reply = await http.post('staff/members/', { json: body }).json<ApiReply<StaffMember>>();
  return reply.data;
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}

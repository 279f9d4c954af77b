import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, type ApiReply } from '#src/lib/http';
import { membersQuery } from './get-members';

/** DELETE /api/staff/members/{id}/: the account no longer works for the restaurant. */
export async function removeMember(id: number): Promise<ApiReply> {
  return http.delete(`staff/members/${id}/`).json<ApiReply>();
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    // Refused too: the list must show who really is on the team.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { StaffMember } from '#contract/staff-members';
import { http, type ApiReply } from '#src/lib/http';

/** GET /api/staff/members/: the owner's staff accounts. */
export async function getMembers(signal?: AbortSignal): Promise<StaffMember[]> {
  const reply = await http
    .get('staff/members/', { signal })
    .json<ApiReply<{ items: StaffMember[] }>>();
  return reply.data?.items ?? [];
}

export const membersQuery = queryOptions({
  queryKey: ['staff', 'members'] as const,
  queryFn: ({ signal }) => getMembers(signal),
});

import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '#contract/profile';
import { http, type ApiReply } from './http';
import { persistedQuery } from './query-client';

/**
 * The customer's profile as GET /api/customer/profile/ returns it, for screens outside the
 * profile feature (checkout prefills the delivery address and phone from it). The key is the
 * one the profile feature builds (`['profile', 'detail', 'customer']`), so both read and
 * persist one cached copy and a profile edit refreshes this too.
 */
export const customerProfileQuery = queryOptions({
  queryKey: ['profile', 'detail', 'customer'] as const,
  queryFn: async ({ signal }): Promise<Profile> => {
    const reply = await http.get('customer/profile/', { signal }).json<ApiReply<Profile>>();
    if (!reply.data) throw new Error('Profile reply without data');
    return reply.data;
  },
  ...persistedQuery,
});

import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '#contract/profile';
import { http, type ApiReply } from '../lib/http';
import { persistedQuery } from '../lib/query-client';

/** Customers and staff-level users have their own profile endpoints (spec 7.4, 7.5). */
export type ProfileKind = 'customer' | 'staff';

export function profileEndpoint(kind: ProfileKind): string {
  return kind === 'staff' ? 'staff/profile/' : 'customer/profile/';
}

/** GET /api/customer/profile/ or /api/staff/profile/: data is the Profile of contract/profile.ts. */
export async function getProfile(kind: ProfileKind, signal?: AbortSignal): Promise<Profile> {
  const reply = await http.get(profileEndpoint(kind), { signal }).json<ApiReply<Profile>>();
  if (!reply.data) throw new Error('Profile reply without data');
  return reply.data;
}

export const profileQueries = {
  all: () => ['profile'] as const,
  /** Persisted (design.md section 6), so the profile opens offline and after a restart. */
  detail: (kind: ProfileKind) =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'detail', kind] as const,
      queryFn: ({ signal }) => getProfile(kind, signal),
      ...persistedQuery,
    }),
};

/**
 * The customer's profile for screens outside the profile's own (checkout prefills the delivery
 * address and phone from it): the same cached copy, so a profile edit refreshes them too.
 */
export const customerProfileQuery = profileQueries.detail('customer');

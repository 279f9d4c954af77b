import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpeningHours } from '#contract/catalogue';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { STAFF_RESTAURANT_QUERY_KEY } from '#src/api/staff-restaurant';
import { http, type ApiReply } from '#src/lib/http';

/** PUT /api/staff/restaurant/hours/ {opening_hours}: the whole week at once. */
export async function updateHours(hours: OpeningHours): Promise<StaffRestaurant | undefined> {
  const reply = await http
    .put('staff/restaurant/hours/', { json: { opening_hours: hours } })
    .json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

export function useUpdateHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHours,
    onSuccess: (restaurant) => {
      if (restaurant) queryClient.setQueryData(STAFF_RESTAURANT_QUERY_KEY, restaurant);
      void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY });
    },
  });
}

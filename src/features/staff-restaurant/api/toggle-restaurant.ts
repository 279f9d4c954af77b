import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { STAFF_RESTAURANT_QUERY_KEY } from '#src/api/staff-restaurant';
import { http, type ApiReply } from '#src/lib/http';

/** PUT /api/staff/restaurant/toggle/: active becomes paused and back (spec section 4). */
export async function toggleRestaurant(): Promise<StaffRestaurant | undefined> {
  const reply = await http.put('staff/restaurant/toggle/').json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

export function useToggleRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRestaurant,
    onSuccess: (restaurant) => {
      if (restaurant) queryClient.setQueryData(STAFF_RESTAURANT_QUERY_KEY, restaurant);
    },
    // Refused too: the switch must show the state the server really has.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY }),
  });
}

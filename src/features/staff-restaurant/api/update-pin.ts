import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { STAFF_RESTAURANT_QUERY_KEY } from '#src/api/staff-restaurant';
import { http, type ApiReply } from '#src/lib/http';

export interface Pin {
  lat: number;
  lon: number;
}

/** PUT /api/staff/restaurant/ with only the pin: the owner's correction of the geocoded spot. */
export async function updatePin(pin: Pin): Promise<StaffRestaurant | undefined> {
  const reply = await http
    .put('staff/restaurant/', { json: pin })
    .json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

export function useUpdatePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePin,
    onSuccess: (restaurant) => {
      if (restaurant) queryClient.setQueryData(STAFF_RESTAURANT_QUERY_KEY, restaurant);
      void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY });
    },
  });
}

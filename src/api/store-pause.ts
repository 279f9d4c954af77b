import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import type { PauseBody } from '#contract/store';
import { http, type ApiReply } from '../lib/http';
import { STAFF_RESTAURANT_QUERY_KEY } from './staff-restaurant';

// The busy pause ('Tạm ngưng nhận đơn'): the dashboard and /staff/restaurant both offer it, so
// its calls live here beside the restaurant they change.

const PAUSE_PATH = 'staff/restaurant/pause/';

/** PUT /api/staff/restaurant/pause/: 15, 30 or 60 minutes, or until the next opening. */
export async function pauseRestaurant(body: PauseBody): Promise<StaffRestaurant | undefined> {
  const reply = await http.put(PAUSE_PATH, { json: body }).json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

/** DELETE /api/staff/restaurant/pause/: 'Mở lại ngay'. */
export async function reopenRestaurant(): Promise<StaffRestaurant | undefined> {
  const reply = await http.delete(PAUSE_PATH).json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

/** Either call: `null` reopens. The restaurant everyone reads follows the reply. */
export function useStorePause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PauseBody | null) => (body ? pauseRestaurant(body) : reopenRestaurant()),
    onSuccess: (restaurant) => {
      if (restaurant) queryClient.setQueryData(STAFF_RESTAURANT_QUERY_KEY, restaurant);
    },
    // Refused too: the card must show the state the server really has.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY }),
  });
}

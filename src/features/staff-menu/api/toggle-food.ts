import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffFood } from '#contract/staff-menu';
import { foodQueries } from '#src/api/food';
import { http, type ApiReply } from '#src/lib/http';
import { staffFoodQueries } from './get-staff-foods';

/** PUT /api/staff/foods/{id}/toggle/: on sale becomes paused and back (spec section 4). */
export async function toggleFood(id: number): Promise<StaffFood | undefined> {
  const reply = await http.put(`staff/foods/${id}/toggle/`).json<ApiReply<StaffFood>>();
  return reply.data;
}

export function useToggleFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFood,
    onSuccess: (food) => {
      if (food) queryClient.setQueryData(staffFoodQueries.detail(food.id).queryKey, food);
    },
    // Refused too: the list must show the state the server really has.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffFoodQueries.all() });
      void queryClient.invalidateQueries({ queryKey: foodQueries.all() });
    },
  });
}

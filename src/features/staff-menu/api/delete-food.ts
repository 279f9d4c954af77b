import { useMutation, useQueryClient } from '@tanstack/react-query';
import { foodQueries } from '#src/api/food';
import { http, type ApiReply } from '#src/lib/http';
import { staffFoodQueries } from './get-staff-foods';

/**
 * DELETE /api/staff/foods/{id}/. The server keeps the dish for the orders that hold it (a soft
 * delete); it leaves the menu and the customers' lists.
 */
export async function deleteFood(id: number): Promise<ApiReply> {
  return http.delete(`staff/foods/${id}/`).json<ApiReply>();
}

export function useDeleteFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFood,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: staffFoodQueries.detail(id).queryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffFoodQueries.all() });
      void queryClient.invalidateQueries({ queryKey: foodQueries.all() });
    },
  });
}

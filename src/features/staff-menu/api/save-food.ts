import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffFood } from '#contract/staff-menu';
import { foodQueries } from '#src/api/food';
import { http, type ApiReply } from '#src/lib/http';
import { toDishFormData, type DishPayload } from '../dish-form-values';
import { staffFoodQueries } from './get-staff-foods';

export interface SaveFoodInput {
  payload: DishPayload;
  /** A new picture: the request becomes multipart/form-data with the file in 'image'. */
  image: File | null;
}

function body({ payload, image }: SaveFoodInput) {
  return image ? { body: toDishFormData(payload, image) } : { json: payload };
}

/** POST /api/staff/foods/: a new dish, JSON or multipart with its picture (spec 7.5). */
export async function createFood(input: SaveFoodInput): Promise<StaffFood | undefined> {
  const reply = await http.post('staff/foods/', body(input)).json<ApiReply<StaffFood>>();
  return reply.data;
}

/** PUT /api/staff/foods/{id}/: the same fields, replacing the dish's toppings and categories. */
export async function updateFood(id: number, input: SaveFoodInput): Promise<StaffFood | undefined> {
  const reply = await http.put(`staff/foods/${id}/`, body(input)).json<ApiReply<StaffFood>>();
  return reply.data;
}

/**
 * The dish form's save: create when `id` is null, else update. Every staff dish query goes
 * stale, and so does the customer's copy of the dish (a staff member may open /food/{id}).
 */
export function useSaveFood(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFoodInput) => (id === null ? createFood(input) : updateFood(id, input)),
    onSuccess: (food) => {
      if (food) queryClient.setQueryData(staffFoodQueries.detail(food.id).queryKey, food);
      void queryClient.invalidateQueries({ queryKey: staffFoodQueries.all() });
      void queryClient.invalidateQueries({ queryKey: foodQueries.all() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoldOutBody } from '#contract/options';
import type { StaffFood } from '#contract/staff-menu';
import { foodQueries } from '#src/api/food';
import { http, type ApiReply } from '#src/lib/http';
import { staffFoodQueries } from './get-staff-foods';

export interface SoldOutInput {
  foodId: number;
  /** An option of the dish instead of the dish itself. */
  optionId?: number;
  /** True: 'Hết món hôm nay', off until the restaurant's next opening; false: on sale now. */
  soldOut: boolean;
}

/**
 * PUT /api/staff/foods/{id}/sold-out/ or .../options/{option_id}/sold-out/: the reply is the
 * staff dish with its `available_again_at` (and its options') as the server now has them.
 */
export async function setSoldOut({
  foodId,
  optionId,
  soldOut,
}: SoldOutInput): Promise<StaffFood | undefined> {
  const path =
    optionId === undefined
      ? `staff/foods/${foodId}/sold-out/`
      : `staff/foods/${foodId}/options/${optionId}/sold-out/`;
  const json: SoldOutBody = { sold_out: soldOut };
  const reply = await http.put(path, { json }).json<ApiReply<StaffFood>>();
  return reply.data;
}

export function useSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSoldOut,
    onSuccess: (food) => {
      if (food) queryClient.setQueryData(staffFoodQueries.detail(food.id).queryKey, food);
    },
    // Refused too: the list must show the state the server really has, and customers' copies
    // of the dish change with it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffFoodQueries.all() });
      void queryClient.invalidateQueries({ queryKey: foodQueries.all() });
    },
  });
}

/** The moment a sold-out dish or option sells again, while that is still ahead; else null. */
export function soldOutUntil(availableAgainAt: string | null, now = new Date()): string | null {
  if (availableAgainAt === null) return null;
  const at = new Date(availableAgainAt);
  return Number.isNaN(at.getTime()) || at <= now ? null : availableAgainAt;
}

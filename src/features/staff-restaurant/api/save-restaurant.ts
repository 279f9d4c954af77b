import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { orderQueries } from '#src/api/orders';
import { STAFF_RESTAURANT_QUERY_KEY } from '#src/api/staff-restaurant';
import { http, type ApiReply } from '#src/lib/http';
import {
  restaurantRequestBody,
  type RestaurantFormValues,
  type RestaurantImages,
} from '../restaurant-fields';

export interface SaveRestaurantInput {
  values: RestaurantFormValues;
  images: RestaurantImages;
}

/** POST /api/staff/restaurant/create/: the owner's one restaurant, pending approval. */
export async function createRestaurant({
  values,
  images,
}: SaveRestaurantInput): Promise<StaffRestaurant | undefined> {
  const reply = await http
    .post('staff/restaurant/create/', restaurantRequestBody(values, images))
    .json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

/** PUT /api/staff/restaurant/: the same fields; a new address is geocoded again. */
export async function updateRestaurant({
  values,
  images,
}: SaveRestaurantInput): Promise<StaffRestaurant | undefined> {
  const reply = await http
    .put('staff/restaurant/', restaurantRequestBody(values, images))
    .json<ApiReply<StaffRestaurant>>();
  return reply.data;
}

/**
 * Either call, with the restaurant everyone reads (dashboard, profile card, this screen)
 * refreshed. A new restaurant also unlocks the order list that said none was linked.
 */
export function useSaveRestaurant(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mode === 'create' ? createRestaurant : updateRestaurant,
    onSuccess: (restaurant) => {
      if (restaurant) queryClient.setQueryData(STAFF_RESTAURANT_QUERY_KEY, restaurant);
      void queryClient.invalidateQueries({ queryKey: STAFF_RESTAURANT_QUERY_KEY });
      if (mode === 'create') void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { Pagination } from '#contract/envelope';
import type { AdminRestaurant } from '#contract/staff-restaurant';
import { http, type ApiReply } from '#src/lib/http';

/** A dish or restaurant as the form's selects offer it. */
export interface Choice {
  value: string;
  label: string;
}

interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** The lists' largest page (contract/numbers.ts). */
const PAGE_SIZE = 50;
/** A menu longer than this is not one a dish picker can serve anyway. */
const MAX_PAGES = 10;

async function allPages<T>(
  path: string,
  params: Record<string, string | number>,
  signal?: AbortSignal,
) {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const reply = await http
      .get(path, { searchParams: { ...params, page, per_page: PAGE_SIZE }, signal })
      .json<ApiReply<Page<T>>>();
    if (!reply.data) throw new Error(`${path} reply without data`);
    items.push(...reply.data.items);
    if (!reply.data.pagination.has_next) break;
  }
  return items;
}

interface Named {
  id: number;
  name: string;
}

const toChoice = ({ id, name }: Named): Choice => ({
  value: String(id),
  label: name,
});

export const couponChoiceQueries = {
  /**
   * The dishes a coupon may be limited to: the owner's own menu, on sale or not
   * (GET /api/staff/foods/), or for the admin the chosen restaurant's dishes as customers see
   * them (GET /api/food/?restaurant_id).
   */
  dishes: (menu: 'own' | number) =>
    queryOptions({
      queryKey: ['coupons', 'choices', 'dishes', menu] as const,
      queryFn: async ({ signal }) => {
        const dishes =
          menu === 'own'
            ? await allPages<Named>('staff/foods/', {}, signal)
            : await allPages<Named>('food/', { restaurant_id: menu }, signal);
        return dishes.map(toChoice);
      },
    }),
  /** Approved restaurants matching `q`: GET /api/admin/restaurants/?status=approved. */
  approvedRestaurants: (q: string) =>
    queryOptions({
      queryKey: ['coupons', 'choices', 'restaurants', q] as const,
      queryFn: async ({ signal }) => {
        const searchParams: Record<string, string | number> = {
          status: 'approved',
          per_page: 20,
        };
        if (q !== '') searchParams.q = q;
        const reply = await http
          .get('admin/restaurants/', { searchParams, signal })
          .json<ApiReply<Page<AdminRestaurant>>>();
        return (reply.data?.items ?? []).map(toChoice);
      },
    }),
};

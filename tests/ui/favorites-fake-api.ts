import type { Dish, SearchRestaurant } from '#contract/catalogue';
import { setLocation } from '#src/lib/location';
import { setSession } from '#src/lib/session';
import { fail, ok, type ApiHandler } from '../setup/fake-api';
import { makeDish } from './home-fake-api';

/**
 * The collection's server for the heart, collection and reorder tests: GET, PUT and DELETE of
 * /api/customer/favorites/ over a catalogue of dishes and restaurants, idempotent like the real
 * one, most recently saved first. A refusal can be set per item ({status, code, message}).
 */

export const HANOI = { lat: 21.0285, lon: 105.8048, address: 'Số 1 Tràng Tiền, Hà Nội' };

export function signInCustomer() {
  setSession({
    user: { id: 7, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'a', refresh_token: 'r' },
  });
  setLocation(HANOI);
}

export function makeRestaurant(overrides: Partial<SearchRestaurant> = {}): SearchRestaurant {
  const id = overrides.id ?? 3;
  return {
    id,
    name: 'Phở Thìn Lò Đúc',
    address: '13 Lò Đúc, Hai Bà Trưng, Hà Nội',
    image_url: null,
    distance_km: 1.2,
    is_active: true,
    searched_foods: [makeDish({ id: 31, name: 'Phở bò tái lăn', price: 65_000 })],
    ...overrides,
  };
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

export class FakeFavorites {
  foods: number[] = [];
  restaurants: number[] = [];
  readonly refusals = new Map<string, Refusal>();

  constructor(
    readonly catalogue: { foods: Dish[]; restaurants: SearchRestaurant[] },
    saved: { foods?: number[]; restaurants?: number[] } = {},
  ) {
    this.foods = [...(saved.foods ?? [])];
    this.restaurants = [...(saved.restaurants ?? [])];
  }

  refuse(kind: 'foods' | 'restaurants', id: number, refusal: Refusal) {
    this.refusals.set(`${kind}:${id}`, refusal);
  }

  private change(kind: 'foods' | 'restaurants', saved: boolean): ApiHandler {
    return (call) => {
      const id = Number(call.path.split('/').at(-2));
      const refusal = this.refusals.get(`${kind}:${id}`);
      if (refusal && saved) return fail(refusal.status, refusal.message, refusal.code);
      const list = this[kind].filter((other) => other !== id);
      this[kind] = saved ? [id, ...list] : list;
      return ok({ kind, id, saved });
    };
  }

  routes(): Record<string, ApiHandler> {
    const routes: Record<string, ApiHandler> = {
      'GET /api/customer/favorites/': () =>
        ok({
          foods: this.foods
            .map((id) => this.catalogue.foods.find((food) => food.id === id))
            .filter(Boolean),
          restaurants: this.restaurants
            .map((id) => this.catalogue.restaurants.find((r) => r.id === id))
            .filter(Boolean),
        }),
    };
    for (const food of this.catalogue.foods) {
      routes[`PUT /api/customer/favorites/foods/${food.id}/`] = this.change('foods', true);
      routes[`DELETE /api/customer/favorites/foods/${food.id}/`] = this.change('foods', false);
    }
    for (const restaurant of this.catalogue.restaurants) {
      routes[`PUT /api/customer/favorites/restaurants/${restaurant.id}/`] = this.change(
        'restaurants',
        true,
      );
      routes[`DELETE /api/customer/favorites/restaurants/${restaurant.id}/`] = this.change(
        'restaurants',
        false,
      );
    }
    return routes;
  }
}

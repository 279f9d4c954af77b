import { vi } from 'vitest';
import type { Cart, CartItem } from '#contract/cart';
import type { Topping } from '#contract/catalogue';
import type { LineOption, OptionGroup } from '#contract/options';
import { fail, ok } from './fake-api';

/**
 * A stateful fake of the cart endpoints (spec 7.3) for the client's tests (the real server
 * drives tests/api/cart-outbox.property.test.ts): the real cart core (outbox, sync engine, query
 * cache) talks to it through the app's own ky client. Like the server it keeps one cart, merges
 * a dish with the same choices and note into its line, refuses another restaurant's dish and an
 * unavailable one, answers every change with the whole cart, and honours Idempotency-Key (same
 * key and body: the stored reply). A test can also script the next answers or lose a reply.
 */

export interface ServerFood {
  id: number;
  name: string;
  price: number;
  image_url: string | null;
  restaurant: { id: number; name: string };
  toppings: Topping[];
  /** The dish's option groups; a required one left out refuses the add, as the server does. */
  option_groups: OptionGroup[];
  available: boolean;
  /** What an unavailable dish's lines say; null leaves the screens' own words. */
  unavailable_reason?: string | null;
}

/** A cart call as the server got it. */
export interface CartCall {
  method: string;
  path: string;
  /** The Idempotency-Key header. */
  key: string | null;
  json?: unknown;
}

/** An answer for the next call; undefined lets the cart answer as usual. */
type Scripted = (call: CartCall) => Response | Promise<Response> | undefined;

interface Line {
  id: number;
  food_id: number;
  topping_ids: number[];
  /** Options of the groups (toppings aside), sorted. */
  option_ids: number[];
  note: string;
  quantity: number;
}

export function serverFood(overrides: Partial<ServerFood> & { id: number }): ServerFood {
  return {
    name: `Món ${overrides.id}`,
    price: 40_000,
    image_url: null,
    restaurant: { id: 3, name: 'Phở Thìn Lò Đúc' },
    toppings: [],
    option_groups: [],
    available: true,
    ...overrides,
  };
}

// Dishes of two restaurants, for tests that need no particular menu.
export const PHO = serverFood({
  id: 10,
  name: 'Phở bò',
  price: 50000,
  image_url: '/uploads/pho.webp',
  restaurant: { id: 1, name: 'Phở Thìn' },
  toppings: [
    { id: 3, name: 'Thêm trứng', price: 5000 },
    { id: 5, name: 'Quẩy', price: 3000 },
  ],
});
export const TRA = serverFood({
  id: 11,
  name: 'Trà đá',
  price: 5000,
  restaurant: { id: 1, name: 'Phở Thìn' },
});
export const BUN = serverFood({
  id: 20,
  name: 'Bún chả',
  price: 45000,
  restaurant: { id: 2, name: 'Bún chả Hương Liên' },
});

const CART_PATH = '/api/customer/cart/';

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export class FakeCartServer {
  readonly foods = new Map<number, ServerFood>();
  lines: Line[] = [];
  /** Every cart call, reads included, in order. */
  readonly calls: CartCall[] = [];
  /** Set to answer GET /api/customer/cart/ with this failure instead of the cart. */
  failRead: Response | null = null;
  private nextId = 1;
  private readonly script: Scripted[] = [];
  private readonly replies = new Map<
    string,
    { fingerprint: string; status: number; text: string }
  >();
  private loseReply = false;
  private failChange: Scripted | null = null;

  constructor(foods: readonly ServerFood[]) {
    for (const food of foods) this.foods.set(food.id, food);
  }

  /** Puts a line in the cart directly, as if added earlier (or by another device). */
  seed(
    foodId: number,
    quantity: number,
    toppingIds: number[] = [],
    optionIds: number[] = [],
    note = '',
  ): this {
    this.lines.push({
      id: this.nextId++,
      food_id: foodId,
      topping_ids: sorted(toppingIds),
      option_ids: sorted(optionIds),
      note: note.trim(),
      quantity,
    });
    return this;
  }

  /** Empties the cart behind the client's back (another device). */
  removeAll(): void {
    this.lines = [];
  }

  setPrice(foodId: number, price: number): void {
    this.foods.set(foodId, { ...this.food(foodId), price });
  }

  /** The next call gets this answer instead (one entry a call, reads included, in order). */
  next(answer: Scripted): void {
    this.script.push(answer);
  }

  /** The next change (reads go on as usual) gets this answer instead, and is not applied. */
  failNextChange(answer: Scripted): void {
    this.failChange = answer;
  }

  /** The next change is applied, but its reply never reaches the client. */
  loseNextReply(): void {
    this.loseReply = true;
  }

  /** A reply with the cart as it is now (for a scripted answer that then changes it). */
  reply(): Response {
    return ok(this.cart());
  }

  cart(): Cart {
    const items: CartItem[] = this.lines.map((line) => {
      const food = this.food(line.food_id);
      const toppings = food.toppings.filter((topping) => line.topping_ids.includes(topping.id));
      // Every choice by group in the dish's order, toppings last, as the server lists them.
      const options: LineOption[] = food.option_groups.flatMap((group) =>
        group.options
          .filter((option) => line.option_ids.includes(option.id))
          .map(({ id, name, price }) => ({ id, group: group.name, name, price })),
      );
      for (const { id, name, price } of toppings)
        options.push({ id, group: 'Topping', name, price });
      const price = food.price + options.reduce((sum, option) => sum + option.price, 0);
      return {
        id: line.id,
        food_id: food.id,
        food_name: food.name,
        food_image: food.image_url,
        restaurant_name: food.restaurant.name,
        price,
        base_price: food.price,
        quantity: line.quantity,
        topping_ids: line.topping_ids,
        toppings,
        option_ids: options.map((option) => option.id),
        options,
        note: line.note,
        line_total: price * line.quantity,
        available: food.available,
        unavailable_reason: food.available ? null : (food.unavailable_reason ?? null),
      };
    });
    const first = this.lines[0];
    const restaurant = first ? this.food(first.food_id).restaurant : null;
    return {
      restaurant_id: restaurant?.id ?? null,
      restaurant_name: restaurant?.name ?? null,
      items,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      subtotal: items.reduce((sum, item) => sum + item.line_total, 0),
    };
  }

  /** The calls that changed (or tried to change) the cart. */
  mutations(): CartCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  gets(): CartCall[] {
    return this.calls.filter((call) => call.method === 'GET');
  }

  /** The mutations as 'METHOD /path'. */
  changes(): string[] {
    return this.mutations().map((call) => `${call.method} ${call.path}`);
  }

  private food(id: number): ServerFood {
    const food = this.foods.get(id);
    if (!food) throw new Error(`No food ${id} in the fake cart server`);
    return food;
  }

  /** The reply to a cart call, or null when the request is not one. */
  async handle(request: Request): Promise<Response | null> {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(CART_PATH)) return null;
    const call: CartCall = {
      method: request.method,
      path,
      key: request.headers.get('idempotency-key'),
    };
    if (request.headers.get('content-type')?.includes('application/json')) {
      call.json = await request.json();
    }
    this.calls.push(call);
    const response = await this.answer(call);
    if (this.loseReply && call.method !== 'GET') {
      this.loseReply = false;
      throw new TypeError('Network connection lost');
    }
    return response;
  }

  private async answer(call: CartCall): Promise<Response> {
    if (this.failChange && call.method !== 'GET') {
      const failure = this.failChange;
      this.failChange = null;
      const answer = await failure(call);
      if (answer) return answer;
    }
    const scripted = this.script.shift()?.(call);
    if (scripted) return scripted;
    if (call.key === null) return this.apply(call);
    const fingerprint = `${call.method} ${call.path} ${JSON.stringify(call.json ?? null)}`;
    const stored = this.replies.get(call.key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return fail(
          422,
          'Idempotency-Key này đã được dùng cho một yêu cầu khác',
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      return new Response(stored.text, {
        status: stored.status,
        headers: { 'content-type': 'application/json', 'Idempotent-Replayed': 'true' },
      });
    }
    const response = this.apply(call);
    if (response.status < 500) {
      this.replies.set(call.key, {
        fingerprint,
        status: response.status,
        text: await response.clone().text(),
      });
    }
    return response;
  }

  private apply({ method, path, json }: CartCall): Response {
    const route = `${method} ${path}`;

    if (route === `GET ${CART_PATH}`) return this.failRead ?? ok(this.cart());

    if (route === `POST ${CART_PATH}add/`) {
      const body = json as {
        food_id: number;
        quantity: number;
        topping_ids?: number[];
        option_ids?: number[];
        note?: string;
      };
      const food = this.foods.get(body.food_id);
      if (!food) return fail(404, 'Không tìm thấy món ăn', 'FOOD_NOT_FOUND');
      if (!food.available) {
        return fail(409, 'Món ăn này hiện không khả dụng', 'FOOD_UNAVAILABLE');
      }
      const current = this.cart();
      if (current.restaurant_id !== null && current.restaurant_id !== food.restaurant.id) {
        return fail(
          409,
          'Giỏ hàng đang có món của quán khác. Hãy xóa giỏ hàng cũ trước khi thêm món này.',
          'CART_OTHER_RESTAURANT',
        );
      }
      // Toppings and options are one id space: a topping named in option_ids is a topping.
      const isTopping = (id: number) => food.toppings.some((topping) => topping.id === id);
      const chosen = sorted([...(body.topping_ids ?? []), ...(body.option_ids ?? [])]);
      const toppingIds = chosen.filter(isTopping);
      const optionIds = chosen.filter((id) => !isTopping(id));
      for (const group of food.option_groups) {
        const count = group.options.filter((option) => optionIds.includes(option.id)).length;
        if (count < group.min_select) {
          return fail(400, `Vui lòng chọn ${group.name}`, 'OPTION_REQUIRED');
        }
      }
      const note = (body.note ?? '').trim();
      const same = this.lines.find(
        (line) =>
          line.food_id === food.id &&
          line.topping_ids.join() === toppingIds.join() &&
          line.option_ids.join() === optionIds.join() &&
          line.note === note,
      );
      if (same) same.quantity += body.quantity;
      else this.seed(food.id, body.quantity, toppingIds, optionIds, note);
      return ok(this.cart(), 'Đã thêm vào giỏ hàng');
    }

    if (route === `DELETE ${CART_PATH}clear/`) {
      this.lines = [];
      return ok(this.cart(), 'Đã xóa giỏ hàng');
    }

    const update = /^\/api\/customer\/cart\/update\/(\d+)\/$/.exec(path);
    if (method === 'PUT' && update) {
      const line = this.lines.find((each) => each.id === Number(update[1]));
      if (!line) return this.lineNotFound();
      line.quantity = (json as { quantity: number }).quantity;
      return ok(this.cart(), 'Đã cập nhật số lượng');
    }

    const remove = /^\/api\/customer\/cart\/remove\/(\d+)\/$/.exec(path);
    if (method === 'DELETE' && remove) {
      const before = this.lines.length;
      this.lines = this.lines.filter((each) => each.id !== Number(remove[1]));
      if (this.lines.length === before) return this.lineNotFound();
      return ok(this.cart(), 'Đã xóa món khỏi giỏ hàng');
    }

    return fail(404, 'Không tìm thấy', 'NOT_FOUND');
  }

  private lineNotFound(): Response {
    return fail(404, 'Không tìm thấy món này trong giỏ hàng', 'CART_ITEM_NOT_FOUND');
  }
}

/**
 * Puts `server` in front of the fetch stub already installed (stubApi, or the UI setup's stub
 * that refuses every call): cart calls are its, everything else goes on unchanged.
 */
export function serveCart(server: FakeCartServer): FakeCartServer {
  const next = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answer = await server.handle(request.clone());
    return answer ?? next(request);
  });
  return server;
}

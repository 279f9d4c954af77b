import type { Kysely } from 'kysely';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  EMPTY_CART,
  ORDER_MAX_SUBTOTAL,
  type Cart,
  type CartAddBody,
} from '#contract/cart';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { publicFileUrl } from '#server/storage/uploads';
import type { KeepReply } from '../idempotency/idempotency.service';
import { assertDeliversTo, assertNotPaused, deliveryPoint } from '../store/store.service';
import {
  addToLine,
  bindCart,
  countLines,
  deleteLine,
  deleteLines,
  lockCart,
  lockExistingCart,
  selectCart,
  selectDishForCart,
  selectDishToppingIds,
  selectLine,
  selectLines,
  selectToppingsByIds,
  setLineQuantity,
  type LineRow,
} from './cart.queries';

export interface CheckoutLine {
  food_id: number;
  food_name: string;
  food_image: string | null;
  base_price: number;
  toppings: { id: number; name: string; price: number }[];
  price: number;
  quantity: number;
  line_total: number;
  available: boolean;
}

export interface CheckoutCart {
  restaurant_id: number;
  lines: CheckoutLine[];
  subtotal: number;
}

interface PricedLine extends LineRow {
  toppings: { id: number; name: string; price: number }[];
  price: number;
  line_total: number;
  available: boolean;
}

/**
 * The lines with today's prices: the cart always shows what the dish and its toppings cost
 * now (the order keeps its own snapshot). A line whose topping has left the menu cannot be
 * ordered as it is, so it counts as unavailable like a dish that stopped selling.
 */
async function pricedLines(
  db: Kysely<DB>,
  customerId: number,
  lockDishes = false,
): Promise<PricedLine[]> {
  const lines = await selectLines(db, customerId, lockDishes);
  const toppings = await selectToppingsByIds(db, [
    ...new Set(lines.flatMap((line) => line.topping_ids)),
  ]);
  return lines.map((line) => {
    const own = toppings.filter(
      (t) => t.food_id === line.food_id && line.topping_ids.includes(t.id),
    );
    const price = line.base_price + own.reduce((sum, t) => sum + t.price, 0);
    const toppingsIntact =
      own.length === line.topping_ids.length && own.every((t) => t.deleted_at === null);
    return {
      ...line,
      toppings: own.map(({ id, name, price: toppingPrice }) => ({ id, name, price: toppingPrice })),
      price,
      line_total: price * line.quantity,
      available: line.sellable && toppingsIntact,
    };
  });
}

/** The whole cart of spec section 3, as every cart reply carries it. */
export async function getCart(db: Kysely<DB>, customerId: number): Promise<Cart> {
  const cart = await selectCart(db, customerId);
  if (!cart) return EMPTY_CART;
  const lines = await pricedLines(db, customerId);
  return {
    restaurant_id: cart.restaurant_id,
    restaurant_name: cart.restaurant_name,
    items: lines.map((line) => ({
      id: line.id,
      food_id: line.food_id,
      food_name: line.food_name,
      food_image: publicFileUrl(line.food_image),
      restaurant_name: line.restaurant_name,
      price: line.price,
      base_price: line.base_price,
      quantity: line.quantity,
      topping_ids: line.topping_ids,
      toppings: line.toppings,
      line_total: line.line_total,
      available: line.available,
    })),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
  };
}

/**
 * Runs one cart change under the cart's row lock and answers with the cart it leaves; `keep`
 * writes an idempotent call's reply in the same transaction.
 */
function mutate(
  db: Kysely<DB>,
  customerId: number,
  change: (trx: Kysely<DB>, boundTo: number | null) => Promise<void>,
  options: { capTotal?: boolean; keep?: KeepReply<Cart> } = {},
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const { restaurant_id } = await lockCart(trx, customerId);
    const before = options.capTotal ? (await getCart(trx, customerId)).subtotal : 0;
    await change(trx, restaurant_id);
    const cart = await getCart(trx, customerId);
    // Only a change that makes the cart dearer is refused: a cart already past the cap (its
    // dishes got dearer since) can still be brought back under it.
    if (options.capTotal && cart.subtotal > ORDER_MAX_SUBTOTAL && cart.subtotal > before) {
      throw new AppError('ORDER_TOO_LARGE');
    }
    await options.keep?.(trx, cart);
    return cart;
  });
}

/** A change that may add dishes: refused when it takes the cart past ORDER_MAX_SUBTOTAL. */
function mutateCapped(
  db: Kysely<DB>,
  customerId: number,
  change: (trx: Kysely<DB>, boundTo: number | null) => Promise<void>,
  keep: KeepReply<Cart> | undefined,
): Promise<Cart> {
  return mutate(db, customerId, change, { capTotal: true, keep });
}

/**
 * Adds a dish with a set of toppings. The same dish with the same toppings adds to its line.
 * Opening hours are not checked: a cart may be filled before the restaurant opens; the order
 * checks them. A busy pause refuses (the kitchen asked for no more), and so does a delivery
 * point, when given, outside the restaurant's delivery area.
 */
export function addToCart(
  db: Kysely<DB>,
  customerId: number,
  input: CartAddBody,
  keep?: KeepReply<Cart>,
): Promise<Cart> {
  const toppingIds = [...new Set(input.topping_ids)].sort((a, b) => a - b);
  return mutateCapped(
    db,
    customerId,
    async (trx, boundTo) => {
      const dish = await selectDishForCart(trx, input.food_id);
      // A deleted dish, or one of a restaurant not (or no longer) approved, does not exist for
      // customers, exactly as the catalogue answers for it.
      if (dish?.deleted_at !== null || dish.restaurant_approval !== 'approved') {
        throw new AppError('FOOD_NOT_FOUND');
      }
      if (!dish.available) throw new AppError('FOOD_UNAVAILABLE');
      if (!dish.restaurant_is_active) throw new AppError('RESTAURANT_PAUSED');
      assertNotPaused(dish.restaurant_paused_until, new Date());
      await assertDeliversTo(trx, dish.restaurant_id, deliveryPoint(input));
      const known = await selectDishToppingIds(trx, dish.id, toppingIds);
      if (known.length !== toppingIds.length) throw new AppError('TOPPING_INVALID');

      const lineCount = await countLines(trx, customerId);
      if (lineCount > 0 && boundTo !== dish.restaurant_id) {
        throw new AppError('CART_OTHER_RESTAURANT');
      }
      const line = await selectLine(trx, customerId, dish.id, toppingIds);
      if (line && line.quantity + input.quantity > CART_MAX_QUANTITY) {
        throw new AppError('CART_QUANTITY_LIMIT', {
          message: `Số lượng mỗi món tối đa ${CART_MAX_QUANTITY}. Giỏ hàng đã có ${line.quantity} phần món này.`,
        });
      }
      if (!line && lineCount >= CART_MAX_LINES) throw new AppError('CART_TOO_MANY_LINES');
      await addToLine(trx, customerId, dish.id, toppingIds, input.quantity);
      if (boundTo !== dish.restaurant_id) await bindCart(trx, customerId, dish.restaurant_id);
    },
    keep,
  );
}

export function updateCartItem(
  db: Kysely<DB>,
  customerId: number,
  itemId: number,
  quantity: number,
  keep?: KeepReply<Cart>,
): Promise<Cart> {
  return mutateCapped(
    db,
    customerId,
    async (trx) => {
      if (!(await setLineQuantity(trx, customerId, itemId, quantity))) {
        throw new AppError('CART_ITEM_NOT_FOUND');
      }
    },
    keep,
  );
}

/** Removing the last line frees the cart for any restaurant. */
export function removeCartItem(
  db: Kysely<DB>,
  customerId: number,
  itemId: number,
  keep?: KeepReply<Cart>,
): Promise<Cart> {
  return mutate(
    db,
    customerId,
    async (trx) => {
      if (!(await deleteLine(trx, customerId, itemId))) throw new AppError('CART_ITEM_NOT_FOUND');
      if ((await countLines(trx, customerId)) === 0) await bindCart(trx, customerId, null);
    },
    { keep },
  );
}

export function clearCart(
  db: Kysely<DB>,
  customerId: number,
  keep?: KeepReply<Cart>,
): Promise<Cart> {
  return mutate(db, customerId, (trx) => emptyCart(trx, customerId), { keep });
}

/**
 * For order creation: locks the cart row inside `trx` (so a second checkout of the same cart
 * waits, then finds it empty) and its dishes' rows for share (so no edit of a dish slips in
 * between what the order snapshots and its commit), and returns its lines with today's prices,
 * or null when there is nothing to order. `food_image` is the stored value (upload name or URL), as the catalogue
 * stores it; publicFileUrl() turns it into what a client loads.
 */
export async function lockCartForCheckout(
  trx: Kysely<DB>,
  customerId: number,
): Promise<CheckoutCart | null> {
  const cart = await lockExistingCart(trx, customerId);
  if (!cart) return null;
  const lines = await pricedLines(trx, customerId, true);
  const first = lines[0];
  if (!first) return null;
  return {
    restaurant_id: cart.restaurant_id ?? first.restaurant_id,
    lines: lines.map((line) => ({
      food_id: line.food_id,
      food_name: line.food_name,
      food_image: line.food_image,
      base_price: line.base_price,
      toppings: line.toppings,
      price: line.price,
      quantity: line.quantity,
      line_total: line.line_total,
      available: line.available,
    })),
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
  };
}

/** Deletes every line and unbinds the restaurant, inside `trx`. */
export async function emptyCart(trx: Kysely<DB>, customerId: number): Promise<void> {
  await deleteLines(trx, customerId);
  await bindCart(trx, customerId, null);
}

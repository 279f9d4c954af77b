import type { Kysely } from 'kysely';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  EMPTY_CART,
  ORDER_MAX_SUBTOTAL,
  type Cart,
  type CartAddBody,
} from '#contract/cart';
import type { OpeningHours } from '#contract/catalogue';
import { TOPPINGS_GROUP_NAME, type LineOption } from '#contract/options';
import {
  REORDER_CART_FULL_MESSAGE,
  reorderReasons,
  type ReorderBody,
  type ReorderNotice,
  type ReorderResult,
} from '#contract/reorder';
import { closedMessage } from '#contract/store';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { isSoldOut } from '#server/lib/sold-out';
import { publicFileUrl } from '#server/storage/uploads';
import type { KeepReply } from '../idempotency/idempotency.service';
import { isOpenAt } from '../catalogue/opening-hours';
import { nextOpeningAfter } from '../catalogue/opening-times';
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
  selectChoicesByIds,
  selectDishChoices,
  selectDishForCart,
  selectDishGroups,
  selectLine,
  selectLines,
  selectRestaurantForCart,
  setLineQuantity,
  type LineRow,
} from './cart.queries';

export interface CheckoutLine {
  food_id: number;
  food_name: string;
  food_image: string | null;
  base_price: number;
  toppings: { id: number; name: string; price: number }[];
  /** Every choice, by group, as the order item keeps it. */
  options: LineOption[];
  note: string;
  price: number;
  quantity: number;
  line_total: number;
  available: boolean;
  /** The dish itself is on sale (false: it, not one of its choices, is what stopped the line). */
  dish_available: boolean;
  unavailable_reason: string | null;
}

export interface CheckoutCart {
  restaurant_id: number;
  lines: CheckoutLine[];
  subtotal: number;
}

interface PricedLine extends LineRow {
  topping_ids: number[];
  toppings: { id: number; name: string; price: number }[];
  options: LineOption[];
  price: number;
  line_total: number;
  available: boolean;
  dish_available: boolean;
  unavailable_reason: string | null;
}

type ChoiceRow = Awaited<ReturnType<typeof selectChoicesByIds>>[number];
type GroupRow = Awaited<ReturnType<typeof selectDishGroups>>[number];

/**
 * How many of a group's options a set of choices holds, against its rule: the refusal's code
 * and sentence, or null when the set answers every group.
 */
function groupProblem(
  groups: GroupRow[],
  chosenGroupIds: (number | null)[],
): { code: 'OPTION_TOO_MANY' | 'OPTION_REQUIRED'; message: string } | null {
  for (const group of groups) {
    const count = chosenGroupIds.filter((id) => id === group.id).length;
    if (count > group.max_select) {
      return {
        code: 'OPTION_TOO_MANY',
        message: `Chỉ được chọn tối đa ${group.max_select} ${group.name}`,
      };
    }
    if (count < group.min_select) {
      return { code: 'OPTION_REQUIRED', message: `Vui lòng chọn ${group.name}` };
    }
  }
  return null;
}

/**
 * Why a line cannot be ordered as it is now, in the customer's words, or null: the dish
 * stopped selling, one of its choices left the menu or is sold out, or its groups changed so
 * the choices no longer answer them (a required group added since, a smaller maximum).
 */
function lineProblem(
  line: LineRow,
  own: ChoiceRow[],
  groups: GroupRow[],
  now: Date,
): string | null {
  if (!line.sellable) return `Món "${line.food_name}" hiện không khả dụng`;
  if (isSoldOut(line.sold_out_until, now)) return `Món "${line.food_name}" đã hết hôm nay`;
  if (own.length !== line.option_ids.length) return 'Một lựa chọn của món không còn trong thực đơn';
  const removed = own.find(
    (c) => c.deleted_at !== null || (c.group_id !== null && c.group_deleted_at !== null),
  );
  if (removed) return `Lựa chọn "${removed.name}" không còn trong thực đơn`;
  const gone = own.find((c) => !c.available || isSoldOut(c.sold_out_until, now));
  if (gone) return `Lựa chọn "${gone.name}" đã hết`;
  return (
    groupProblem(
      groups,
      own.map((c) => c.group_id),
    )?.message ?? null
  );
}

/**
 * The lines with today's prices: the cart always shows what the dish and its choices cost now
 * (the order keeps its own snapshot). A line that cannot be ordered as it is (lineProblem)
 * counts as unavailable and says why.
 */
async function pricedLines(
  db: Kysely<DB>,
  customerId: number,
  lockDishes = false,
  now = new Date(),
): Promise<PricedLine[]> {
  const lines = await selectLines(db, customerId, lockDishes);
  const [choices, groups] = await Promise.all([
    selectChoicesByIds(db, [...new Set(lines.flatMap((line) => line.option_ids))]),
    selectDishGroups(db, [...new Set(lines.map((line) => line.food_id))]),
  ]);
  return lines.map((line) => {
    // In menu order: the dish's groups in their order, then the toppings.
    const own = choices.filter((c) => c.food_id === line.food_id && line.option_ids.includes(c.id));
    const toppings = own.filter((c) => c.group_id === null);
    const price = line.base_price + own.reduce((sum, c) => sum + c.price, 0);
    const reason = lineProblem(
      line,
      own,
      groups.filter((g) => g.food_id === line.food_id),
      now,
    );
    return {
      ...line,
      topping_ids: line.option_ids.filter((id) => toppings.some((t) => t.id === id)),
      toppings: toppings.map(({ id, name, price: toppingPrice }) => ({
        id,
        name,
        price: toppingPrice,
      })),
      options: own.map((c) => ({
        id: c.id,
        group: c.group_name ?? TOPPINGS_GROUP_NAME,
        name: c.name,
        price: c.price,
      })),
      price,
      line_total: price * line.quantity,
      available: reason === null,
      dish_available: line.sellable && !isSoldOut(line.sold_out_until, now),
      unavailable_reason: reason,
    };
  });
}

/** The whole cart of spec section 3, as every cart reply carries it. */
export async function getCart(db: Kysely<DB>, customerId: number, now = new Date()): Promise<Cart> {
  const cart = await selectCart(db, customerId);
  if (!cart) return EMPTY_CART;
  const lines = await pricedLines(db, customerId, false, now);
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
      option_ids: line.option_ids,
      options: line.options,
      note: line.note,
      line_total: line.line_total,
      available: line.available,
      unavailable_reason: line.unavailable_reason,
    })),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
  };
}

/**
 * Runs one cart change under the cart's row lock and answers with `reply` of the cart it leaves
 * and of what the change returned; `keep` writes an idempotent call's reply in the same
 * transaction.
 */
function mutateWith<T, R>(
  db: Kysely<DB>,
  customerId: number,
  change: (trx: Kysely<DB>, boundTo: number | null) => Promise<T>,
  reply: (cart: Cart, changed: T) => R,
  options: { capTotal?: boolean; keep?: KeepReply<R> | undefined } = {},
): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const { restaurant_id } = await lockCart(trx, customerId);
    const before = options.capTotal ? (await getCart(trx, customerId)).subtotal : 0;
    const changed = await change(trx, restaurant_id);
    const cart = await getCart(trx, customerId);
    // Only a change that makes the cart dearer is refused: a cart already past the cap (its
    // dishes got dearer since) can still be brought back under it.
    if (options.capTotal && cart.subtotal > ORDER_MAX_SUBTOTAL && cart.subtotal > before) {
      throw new AppError('ORDER_TOO_LARGE');
    }
    const result = reply(cart, changed);
    await options.keep?.(trx, result);
    return result;
  });
}

/** A change whose reply is the cart alone. */
function mutate(
  db: Kysely<DB>,
  customerId: number,
  change: (trx: Kysely<DB>, boundTo: number | null) => Promise<void>,
  options: { capTotal?: boolean; keep?: KeepReply<Cart> | undefined } = {},
): Promise<Cart> {
  return mutateWith(db, customerId, change, (cart) => cart, options);
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

/** One line to put in the cart: a dish, its choices (toppings and options), a note, how many. */
interface LineInput {
  food_id: number;
  quantity: number;
  topping_ids: number[];
  option_ids: number[];
  note: string;
}

/**
 * Why one line cannot go into the cart. The add turns it into its refusal (lineRefusalError);
 * the reorder into a notice, so both decide with the same checks (addLine).
 */
type LineRefusal =
  | { code: 'FOOD_NOT_FOUND' }
  | { code: 'FOOD_UNAVAILABLE'; soldOut: boolean }
  | { code: 'TOPPING_INVALID' | 'OPTION_INVALID'; optionId: number }
  | { code: 'OPTION_UNAVAILABLE'; name: string }
  | { code: 'OPTION_REQUIRED' | 'OPTION_TOO_MANY'; message: string }
  | { code: 'CART_QUANTITY_LIMIT'; inCart: number }
  | { code: 'CART_TOO_MANY_LINES' };

function lineRefusalError(refusal: LineRefusal): AppError {
  switch (refusal.code) {
    case 'FOOD_NOT_FOUND':
    case 'FOOD_UNAVAILABLE':
    case 'TOPPING_INVALID':
    case 'CART_TOO_MANY_LINES':
      return new AppError(refusal.code);
    case 'OPTION_INVALID':
      return new AppError('OPTION_INVALID', {
        errors: [{ path: 'option_ids', message: 'Lựa chọn không thuộc món ăn này' }],
      });
    case 'OPTION_UNAVAILABLE':
      return new AppError('OPTION_UNAVAILABLE', { message: `Lựa chọn "${refusal.name}" đã hết` });
    case 'OPTION_REQUIRED':
    case 'OPTION_TOO_MANY':
      return new AppError(refusal.code, {
        message: refusal.message,
        errors: [{ path: 'option_ids', message: refusal.message }],
      });
    case 'CART_QUANTITY_LIMIT':
      return new AppError('CART_QUANTITY_LIMIT', {
        message: `Số lượng mỗi món tối đa ${CART_MAX_QUANTITY}. Giỏ hàng đã có ${refusal.inCart} phần món này.`,
      });
  }
}

/**
 * Checks a set of choices for the dish, inside the cart's transaction: `topping_ids` may name
 * only its toppings (as the spec had it), `option_ids` any of its choices still on the menu;
 * none may be off or sold out, and every group gets between its minimum and maximum. Answers
 * the unit price of the dish with these choices today, or why they do not pass.
 */
async function checkChoices(
  trx: Kysely<DB>,
  dish: { id: number; price: number },
  input: LineInput,
  now: Date,
): Promise<{ price: number } | { refusal: LineRefusal }> {
  const choices = new Map((await selectDishChoices(trx, dish.id)).map((c) => [c.id, c]));
  const notTopping = input.topping_ids.find((id) => choices.get(id)?.group_id !== null);
  if (notTopping !== undefined) {
    return { refusal: { code: 'TOPPING_INVALID', optionId: notTopping } };
  }
  const notOfDish = input.option_ids.find((id) => !choices.has(id));
  if (notOfDish !== undefined) return { refusal: { code: 'OPTION_INVALID', optionId: notOfDish } };
  const chosen = [...new Set([...input.topping_ids, ...input.option_ids])].map((id) =>
    choices.get(id)!,
  );
  const gone = chosen.find((c) => !c.available || isSoldOut(c.sold_out_until, now));
  if (gone) return { refusal: { code: 'OPTION_UNAVAILABLE', name: gone.name } };
  const problem = groupProblem(
    await selectDishGroups(trx, [dish.id]),
    chosen.map((c) => c.group_id),
  );
  if (problem) return { refusal: problem };
  return { price: dish.price + chosen.reduce((sum, c) => sum + c.price, 0) };
}

/** What addLine did: how many portions went in at what unit price, or why none did. */
type LineOutcome = {
  /** The dish's name today; null when its row is gone altogether. */
  dishName: string | null;
} & ({ added: number; price: number } | { added: 0; refusal: LineRefusal });

/**
 * Puts one line into the locked cart, through every check of an add: the dish exists for
 * customers and is on sale, its restaurant takes orders (switched on, no busy pause, delivers
 * to `to` when given: those refuse the whole request), its choices pass, the cart holds no
 * other restaurant's dishes, and the line and line-count limits. `whatFits` adds as many
 * portions as the per-dish limit leaves (the reorder) instead of refusing the line (the add).
 * The same dish with the same choices and the same note adds to its line.
 */
async function addLine(
  trx: Kysely<DB>,
  customerId: number,
  boundTo: number | null,
  input: LineInput,
  options: { to?: { lat: number; lon: number } | undefined; whatFits: boolean; now: Date },
): Promise<LineOutcome> {
  const { now } = options;
  const dish = await selectDishForCart(trx, input.food_id);
  const refused = (refusal: LineRefusal): LineOutcome => ({
    dishName: dish?.name ?? null,
    added: 0,
    refusal,
  });
  // A deleted dish, or one of a restaurant not (or no longer) approved, does not exist for
  // customers, exactly as the catalogue answers for it.
  if (dish?.deleted_at !== null || dish.restaurant_approval !== 'approved') {
    return refused({ code: 'FOOD_NOT_FOUND' });
  }
  if (!dish.available) return refused({ code: 'FOOD_UNAVAILABLE', soldOut: false });
  if (isSoldOut(dish.sold_out_until, now)) {
    return refused({ code: 'FOOD_UNAVAILABLE', soldOut: true });
  }
  if (!dish.restaurant_is_active) throw new AppError('RESTAURANT_PAUSED');
  assertNotPaused(dish.restaurant_paused_until, now);
  await assertDeliversTo(trx, dish.restaurant_id, options.to);
  const priced = await checkChoices(trx, dish, input, now);
  if ('refusal' in priced) return refused(priced.refusal);

  const lineCount = await countLines(trx, customerId);
  if (lineCount > 0 && boundTo !== dish.restaurant_id) {
    throw new AppError('CART_OTHER_RESTAURANT');
  }
  const key = {
    foodId: input.food_id,
    optionIds: [...new Set([...input.topping_ids, ...input.option_ids])].sort((a, b) => a - b),
    note: input.note,
  };
  const line = await selectLine(trx, customerId, key);
  let quantity = input.quantity;
  if (line && line.quantity + quantity > CART_MAX_QUANTITY) {
    if (!options.whatFits || line.quantity >= CART_MAX_QUANTITY) {
      return refused({ code: 'CART_QUANTITY_LIMIT', inCart: line.quantity });
    }
    quantity = CART_MAX_QUANTITY - line.quantity;
  }
  if (!line && lineCount >= CART_MAX_LINES) return refused({ code: 'CART_TOO_MANY_LINES' });
  await addToLine(trx, customerId, key, quantity);
  if (boundTo !== dish.restaurant_id) await bindCart(trx, customerId, dish.restaurant_id);
  return { dishName: dish.name, added: quantity, price: priced.price };
}

/**
 * Adds a dish with a set of choices (toppings and options) and a note. Opening hours are not
 * checked: a cart may be filled before the restaurant opens; the order checks them. A busy
 * pause refuses (the kitchen asked for no more), and so does a delivery point, when given,
 * outside the restaurant's delivery area.
 */
export function addToCart(
  db: Kysely<DB>,
  customerId: number,
  input: CartAddBody,
  keep?: KeepReply<Cart>,
  now = new Date(),
): Promise<Cart> {
  return mutateCapped(
    db,
    customerId,
    async (trx, boundTo) => {
      const outcome = await addLine(trx, customerId, boundTo, input, {
        to: deliveryPoint(input),
        whatFits: false,
        now,
      });
      if ('refusal' in outcome) throw lineRefusalError(outcome.refusal);
    },
    keep,
  );
}

/** One line of a past order as a reorder puts it back, with what was bought then. */
export interface PastLine {
  food_id: number;
  /** The dish's name on the order: told when the dish's row is gone altogether. */
  food_name: string;
  /** Every choice as bought (toppings and options), with its name then. */
  choices: { id: number; name: string }[];
  note: string;
  quantity: number;
  /** The unit price paid, choices included. */
  price: number;
}

/** The notice of a line that did not go in, in the contract's sentences. */
function refusalNotice(line: PastLine, dish: string, refusal: LineRefusal): ReorderNotice {
  const notice = (kind: ReorderNotice['kind'], reason: string): ReorderNotice => ({
    food_id: line.food_id,
    food_name: dish,
    kind,
    reason,
  });
  switch (refusal.code) {
    case 'FOOD_NOT_FOUND':
      return notice('unavailable', reorderReasons.gone(dish));
    case 'FOOD_UNAVAILABLE':
      return notice(
        'unavailable',
        refusal.soldOut ? reorderReasons.soldOut(dish) : reorderReasons.gone(dish),
      );
    case 'TOPPING_INVALID':
    case 'OPTION_INVALID': {
      const option = line.choices.find((c) => c.id === refusal.optionId)?.name ?? '';
      return notice('unavailable', reorderReasons.optionGone(dish, option));
    }
    case 'OPTION_UNAVAILABLE':
      return notice('unavailable', reorderReasons.optionSoldOut(dish, refusal.name));
    case 'OPTION_REQUIRED':
    case 'OPTION_TOO_MANY':
      return notice('unavailable', reorderReasons.choose(dish));
    case 'CART_QUANTITY_LIMIT':
    case 'CART_TOO_MANY_LINES':
      return notice('limit', reorderReasons.limit(dish, 0));
  }
}

/**
 * Refuses, for the whole reorder, a restaurant that takes no orders now, with the cart's and
 * the checkout's own errors. One no longer shown to customers is not refused here: every one
 * of its dishes is then gone, and the lines say so (REORDER_NOTHING_LEFT).
 */
async function assertRestaurantTakesReorder(
  trx: Kysely<DB>,
  restaurantId: number,
  to: { lat: number; lon: number } | undefined,
  now: Date,
): Promise<void> {
  const restaurant = await selectRestaurantForCart(trx, restaurantId);
  if (restaurant?.approval_status !== 'approved') return;
  if (!restaurant.is_active) throw new AppError('RESTAURANT_PAUSED');
  assertNotPaused(restaurant.paused_until, now);
  const hours = restaurant.opening_hours as OpeningHours;
  if (!isOpenAt(hours, now)) {
    const opensAt = nextOpeningAfter(hours, now);
    throw new AppError(
      'RESTAURANT_CLOSED',
      opensAt ? { message: closedMessage(opensAt, now) } : {},
    );
  }
  await assertDeliversTo(trx, restaurantId, to);
}

/**
 * 'Đặt lại': a past order's lines back into the cart at today's prices, as one cart change
 * under the cart's row lock (a change from another tab comes wholly before or after it) with
 * the cart's total cap. The restaurant must take orders now (else the whole reorder is
 * refused); each line then goes through the add's own checks (addLine): a line that cannot go
 * in is left out with a notice, one that can goes in at today's price (a notice when it
 * differs from the price paid) with as many portions as the cart's limits leave. No line in:
 * REORDER_NOTHING_LEFT and the cart as it was. `replace` empties the cart first; without it a
 * cart holding another restaurant's dishes is CART_OTHER_RESTAURANT, asked only once some line
 * could go in (the question would be pointless otherwise).
 */
export function refillCart(
  db: Kysely<DB>,
  customerId: number,
  past: { restaurantId: number; lines: PastLine[] },
  body: ReorderBody,
  keep?: KeepReply<ReorderResult>,
  now = new Date(),
): Promise<ReorderResult> {
  return mutateWith(
    db,
    customerId,
    async (trx, boundTo) => {
      await assertRestaurantTakesReorder(trx, past.restaurantId, deliveryPoint(body), now);
      const otherRestaurant =
        boundTo !== past.restaurantId && (await countLines(trx, customerId)) > 0;
      // Emptied within the transaction even when the other restaurant's cart must stay: the
      // lines are tried on the empty cart, then everything rolls back with the question.
      if (body.replace || otherRestaurant) await emptyCart(trx, customerId);
      let bound = body.replace || otherRestaurant ? null : boundTo;
      let added = 0;
      const notices: ReorderNotice[] = [];
      for (const line of past.lines) {
        const choiceIds = line.choices.map((c) => c.id);
        const outcome = await addLine(
          trx,
          customerId,
          bound,
          {
            food_id: line.food_id,
            quantity: line.quantity,
            topping_ids: [],
            // Any choice of the dish may come as an option id: a topping moved into a group
            // since still goes in when the group's rule lets it.
            option_ids: choiceIds,
            note: line.note,
          },
          { whatFits: true, now },
        );
        const dish = outcome.dishName ?? line.food_name;
        if ('refusal' in outcome) {
          notices.push(refusalNotice(line, dish, outcome.refusal));
          continue;
        }
        added += 1;
        bound = past.restaurantId;
        const notice = (kind: ReorderNotice['kind'], reason: string) =>
          notices.push({ food_id: line.food_id, food_name: dish, kind, reason });
        if (outcome.added < line.quantity)
          notice('limit', reorderReasons.limit(dish, outcome.added));
        if (outcome.price !== line.price) {
          notice('price', reorderReasons.price(dish, line.price, outcome.price));
        }
      }
      if (added === 0) {
        // Every dish is still sold and only the cart is full: saying the dishes are gone
        // would send the customer looking for a problem that is not there.
        const cartFull = notices.length > 0 && notices.every((n) => n.kind === 'limit');
        throw new AppError(
          'REORDER_NOTHING_LEFT',
          cartFull ? { message: REORDER_CART_FULL_MESSAGE } : {},
        );
      }
      if (otherRestaurant && !body.replace) throw new AppError('CART_OTHER_RESTAURANT');
      return notices;
    },
    (cart, notices) => ({ ...cart, notices }),
    { capTotal: true, keep },
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
  now = new Date(),
): Promise<CheckoutCart | null> {
  const cart = await lockExistingCart(trx, customerId);
  if (!cart) return null;
  const lines = await pricedLines(trx, customerId, true, now);
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
      options: line.options,
      note: line.note,
      price: line.price,
      quantity: line.quantity,
      line_total: line.line_total,
      available: line.available,
      dish_available: line.dish_available,
      unavailable_reason: line.unavailable_reason,
    })),
    subtotal: lines.reduce((sum, line) => sum + line.line_total, 0),
  };
}

/** Deletes every line and unbinds the restaurant, inside `trx`. */
export async function emptyCart(trx: Kysely<DB>, customerId: number): Promise<void> {
  await deleteLines(trx, customerId);
  await bindCart(trx, customerId, null);
}

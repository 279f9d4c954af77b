import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { DB } from '#server/db/schema';
import { AppError } from '#server/errors';
import { mulberry32 } from '#server/lib/random';
import { addToCart, clearCart } from '#server/modules/cart/cart.service';
import {
  advanceStaffOrder,
  cancelOrderAsCustomer,
  cancelOrderAsStaff,
  createOrder,
} from '#server/modules/orders/orders.service';
import { handleIpn } from '#server/modules/payments/payments.callbacks.service';
import {
  createDeposit,
  payOrder,
  type PaymentDeps,
} from '#server/modules/payments/payments.service';
import { createReview } from '#server/modules/reviews/reviews.service';
import { autoAccepts as autoAcceptsOrders } from '#server/modules/store/store.service';
import { formatVnpDate, signParams } from '#server/payment/vnpay/vnpay';
import {
  backdateLedger,
  backdateOrder,
  backdateReview,
  markNewestUnread,
  selectHistoryDishes,
  selectMaxPaymentId,
  selectStampMarks,
  selectUserIdsByPhone,
  stamp,
  type OrderTimes,
  type StampMarks,
} from './history.queries';
import { commentFor, DEMO_REVIEWERS, dishKind } from './reviews-data';
import { selectFirstRestaurantOf, selectUserIdByUsername, upsertCustomer } from './seed.queries';

export type HistoryConfig = Pick<
  Config,
  'vnpay' | 'publicUrl' | 'publicUrlFixed' | 'commissionPercent'
>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Hà Nội has no daylight saving: its day starts at 17:00 UTC the day before. */
const VN_OFFSET = 7 * 60 * MINUTE;

/** How far back the story goes, in days (today included). */
export const HISTORY_DAYS = 90;

/** The demo customer the README lists: orders, a wallet and a collection. */
export const DEMO_CUSTOMER = DEMO_REVIEWERS[0];

/** Where each demo customer has their meals delivered (around demo_owner's District 1). */
const ADDRESSES = [
  '45 Nguyễn Huệ, Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  '120 Lê Lợi, Bến Thành, Quận 1, TP. Hồ Chí Minh',
  '8 Hai Bà Trưng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  '233 Nam Kỳ Khởi Nghĩa, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',
  '67 Pasteur, Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  '15 Đinh Tiên Hoàng, Đa Kao, Quận 1, TP. Hồ Chí Minh',
  '102 Cống Quỳnh, Phạm Ngũ Lão, Quận 1, TP. Hồ Chí Minh',
  '39 Trần Hưng Đạo, Cầu Ông Lãnh, Quận 1, TP. Hồ Chí Minh',
];

const NOTES = ['', '', '', 'Ít cay giúp mình', 'Gọi trước khi giao', 'Không lấy hành', 'Thêm ớt'];

const CUSTOMER_CANCEL_REASONS = ['Đặt nhầm món', 'Đổi ý, mình sẽ đặt lại sau'];
const STAFF_CANCEL_REASONS = ['Quán hết nguyên liệu món này', 'Quán quá tải, xin lỗi quý khách'];

/** The local midnight (Asia/Ho_Chi_Minh) `back` days before the day of `now`. */
function localMidnight(now: Date, back: number): Date {
  const local = now.getTime() + VN_OFFSET;
  return new Date(local - (local % DAY) - back * DAY - VN_OFFSET);
}

/** 0 Sunday .. 6 Saturday of a local midnight. */
const weekdayOf = (midnight: Date) => new Date(midnight.getTime() + VN_OFFSET).getUTCDay();

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * MINUTE);

export interface HistorySummary {
  orders: number;
  completed: number;
  cancelled: number;
  reviews: number;
  deposits: number;
}

interface Actor {
  id: number;
  role: 'owner' | 'staff';
}

/**
 * About three months of demo_owner's restaurant, made through the real services so every
 * screen reads it as it reads live data: customers top up through a VNPay deposit (the
 * signed IPN settles it), fill a cart, order, pay from the wallet; the kitchen accepts,
 * finishes and completes (the money settles to the owner with the commission) or cancels
 * and refunds; some customers review what they ate. The services write the time they run
 * at; where they take a clock (cart, order, payments) they get the story's time, and what
 * they stamp with the database's now() is moved back right after each order, in one statement
 * for its notifications and one for its timeline (history.queries); the ledger's transfers
 * once at the end.
 * A seeded PRNG makes every load the same story, relative to the day it is loaded.
 */
export async function seedHistory(
  db: Kysely<DB>,
  config: HistoryConfig,
  now = new Date(),
): Promise<HistorySummary> {
  const summary: HistorySummary = {
    orders: 0,
    completed: 0,
    cancelled: 0,
    reviews: 0,
    deposits: 0,
  };
  const ownerId = await selectUserIdByUsername(db, 'demo_owner');
  if (ownerId === undefined) return summary;
  const restaurant = await selectFirstRestaurantOf(db, ownerId);
  if (!restaurant) return summary;
  const dishes = await selectHistoryDishes(db, restaurant.id);
  if (!dishes.length) return summary;
  const staffId = await selectUserIdByUsername(db, 'demo_staff');
  const actors: Actor[] = [
    { id: ownerId, role: 'owner' },
    ...(staffId !== undefined ? [{ id: staffId, role: 'staff' as const }] : []),
  ];
  for (const reviewer of DEMO_REVIEWERS) await upsertCustomer(db, reviewer);
  const byPhone = new Map(
    (
      await selectUserIdsByPhone(
        db,
        DEMO_REVIEWERS.map((r) => r.phone),
      )
    ).map((u) => [u.phone, u.id]),
  );
  const customers = DEMO_REVIEWERS.map((r, i) => ({
    id: byPhone.get(r.phone)!,
    phone: r.phone,
    address: ADDRESSES[i % ADDRESSES.length]!,
    // The README's demo customer orders about twice as often as each of the others.
    weight: i === 0 ? 2 : 1,
  }));
  const totalWeight = customers.reduce((sum, c) => sum + c.weight, 0);
  const audience = {
    users: [...customers.map((c) => c.id), ...actors.map((a) => a.id)],
    restaurantId: restaurant.id,
  };
  // Main dishes sell more than sides and desserts.
  const dishWeights = dishes.map((dish) =>
    ['rice', 'noodle-soup', 'dry-noodles', 'bread', 'porridge'].includes(dishKind(dish.name))
      ? 3
      : 1,
  );
  const dishTotal = dishWeights.reduce((a, b) => a + b, 0);

  const random = mulberry32(20_261_127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pickDish = () => {
    let r = random() * dishTotal;
    for (const [i, w] of dishWeights.entries()) {
      r -= w;
      if (r < 0) return dishes[i]!;
    }
    return dishes[dishes.length - 1]!;
  };
  const pickCustomer = () => {
    let r = random() * totalWeight;
    for (const c of customers) {
      r -= c.weight;
      if (r < 0) return c;
    }
    return customers[customers.length - 1]!;
  };

  const paymentDeps: PaymentDeps = { db, config };
  const balances = new Map<number, number>();
  let marks: StampMarks = await selectStampMarks(db);
  const firstPaymentId = (await selectMaxPaymentId(db)) + 1;
  let firstOrderId: number | null = null;
  let lastOrderId = 0;
  let reviewIndex = 0;
  // When each thing an order's calls wrote happened, by notification kind; stamped at once.
  let moments: Record<string, Date> = {};
  const settle = async (fallback: Date) => {
    marks = await stamp(db, marks, audience, moments, fallback);
    moments = {};
  };
  const autoAccepts = await autoAcceptsOrders(db, restaurant.id);
  // A cart left from before (a developer's) would hold another restaurant's dishes.
  for (const customer of customers) await clearCart(db, customer.id);

  /** A VNPay top-up as it lands: the pending payment, then the gateway's signed IPN. */
  const deposit = async (customerId: number, amount: number, at: Date) => {
    const link = await createDeposit(
      paymentDeps,
      { userId: customerId, amount, ipAddr: '127.0.0.1', origin: config.publicUrl },
      undefined,
      at,
    );
    const paidAt = minutes(at, 1);
    const params: Record<string, string> = {
      vnp_Amount: String(amount * 100),
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: `VNP${link.txn_ref}`,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: `Nap tien vao vi ${link.txn_ref}`,
      vnp_PayDate: formatVnpDate(paidAt),
      vnp_ResponseCode: '00',
      vnp_TmnCode: config.vnpay.tmnCode,
      vnp_TransactionNo: String(14_000_000 + summary.deposits),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: link.txn_ref,
    };
    const reply = await handleIpn(
      paymentDeps,
      { ...params, vnp_SecureHash: signParams(params, config.vnpay.hashSecret) },
      paidAt,
    );
    if (reply.RspCode !== '00') throw new Error(`demo deposit refused: ${reply.Message}`);
    moments['wallet.deposit'] = paidAt;
    balances.set(customerId, (balances.get(customerId) ?? 0) + amount);
    summary.deposits += 1;
  };

  for (let back = HISTORY_DAYS - 1; back >= 0; back -= 1) {
    const midnight = localMidnight(now, back);
    const weekday = weekdayOf(midnight);
    // A small shop finding its customers (kept small because every order is made the long
    // way, docs/decisions/042): at full pace two or three a weekday, more on Friday and the
    // weekend; three months ago about a third of that; now and then a quiet day.
    const pace = 0.35 + 0.65 * (1 - back / (HISTORY_DAYS - 1));
    const quiet = random() < 0.07;
    const base = weekday === 0 || weekday === 6 ? 4 : weekday === 5 ? 3 : 2;
    const count = quiet
      ? Math.floor(random() * 2)
      : Math.max(1, Math.round((base + random()) * pace));
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const slot = random();
      // Lunch and dinner peaks; a few breakfasts and late-night meals around them.
      const minute =
        slot < 0.45
          ? 10 * 60 + 45 + random() * 165
          : slot < 0.85
            ? 17 * 60 + 30 + random() * 180
            : slot < 0.93
              ? 6 * 60 + 30 + random() * 180
              : 21 * 60 + 30 + random() * 120;
      times.push(Math.floor(minute));
    }
    times.sort((a, b) => a - b);
    for (const minute of times) {
      const created = minutes(midnight, minute);
      // Today only what has had time to finish: the kitchen has nothing open.
      if (created.getTime() > now.getTime() - 70 * MINUTE) continue;
      const customer = pickCustomer();
      const actor = actors[summary.orders % actors.length]!;
      const lines = random() < 0.6 ? 1 : random() < 0.85 ? 2 : 3;
      const fate = random();

      let estimate = 0;
      for (let l = 0; l < lines; l += 1) {
        const dish = pickDish();
        const quantity = random() < 0.8 ? 1 : 2;
        const topping = dish.toppings.length && random() < 0.3 ? pick(dish.toppings) : null;
        try {
          await addToCart(
            db,
            customer.id,
            {
              food_id: dish.id,
              quantity,
              topping_ids: topping ? [topping.id] : [],
              option_ids: [],
              note: '',
            },
            undefined,
            created,
          );
          estimate += (dish.price + (topping?.price ?? 0)) * quantity;
        } catch (error) {
          // The menu changed since the story was written (a developer's edits): skip the line.
          if (!(error instanceof AppError)) throw error;
        }
      }
      if (estimate === 0) continue;
      const balance = balances.get(customer.id) ?? 0;
      if (balance < estimate) {
        // Top up in round amounts, as people do: enough for this meal and a few more.
        const amount = Math.ceil((estimate - balance + 400_000) / 100_000) * 100_000;
        await deposit(customer.id, amount, minutes(created, -3));
      }

      let order;
      try {
        order = await createOrder(
          db,
          customer.id,
          {
            delivery_address: customer.address,
            delivery_phone: customer.phone,
            delivery_note: pick(NOTES),
          },
          undefined,
          created,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await clearCart(db, customer.id);
        continue;
      }
      firstOrderId ??= order.id;
      lastOrderId = order.id;
      summary.orders += 1;
      const timeline: OrderTimes = {
        created_at: created,
        paid_at: null,
        accepted_at: null,
        done_at: null,
        completed_at: null,
        cancelled_at: null,
      };

      if (fate < 0.025) {
        // Cancelled before paying: nothing moved.
        timeline.cancelled_at = minutes(created, 4);
        await cancelOrderAsCustomer(db, customer.id, order.id, pick(CUSTOMER_CANCEL_REASONS));
      } else {
        timeline.paid_at = minutes(created, 1);
        const paid = await payOrder(
          paymentDeps,
          {
            customerId: customer.id,
            orderId: order.id,
            ipAddr: '127.0.0.1',
            origin: config.publicUrl,
          },
          undefined,
          timeline.paid_at,
        );
        if (paid.status !== 'paid') throw new Error('demo order not paid from the wallet');
        balances.set(customer.id, paid.balance);
        const autoAccepted = autoAccepts;
        if (fate < 0.05) {
          // Changed their mind at once: the customer cancels a paid order (or, when the
          // restaurant accepts by itself, the kitchen does it for them), refunded in full.
          timeline.cancelled_at = minutes(created, 3);
          if (autoAccepted) {
            timeline.accepted_at = timeline.paid_at;
            await cancelOrderAsStaff(db, actor, order.id, pick(CUSTOMER_CANCEL_REASONS));
          } else {
            await cancelOrderAsCustomer(db, customer.id, order.id, pick(CUSTOMER_CANCEL_REASONS));
          }
          balances.set(customer.id, paid.balance + order.total_amount);
        } else {
          timeline.accepted_at = minutes(created, 2 + Math.floor(random() * 4));
          if (!autoAccepted) {
            await advanceStaffOrder(db, actor, order.id, 'accept', commission(config));
          }
          if (fate < 0.08) {
            // The kitchen ran out after accepting: cancelled and refunded in full.
            timeline.cancelled_at = minutes(timeline.accepted_at, 6);
            await cancelOrderAsStaff(db, actor, order.id, pick(STAFF_CANCEL_REASONS));
            balances.set(customer.id, paid.balance + order.total_amount);
          } else {
            timeline.done_at = minutes(timeline.accepted_at, 12 + Math.floor(random() * 15));
            await advanceStaffOrder(db, actor, order.id, 'done', commission(config));
            timeline.completed_at = minutes(timeline.done_at, 15 + Math.floor(random() * 20));
            await advanceStaffOrder(db, actor, order.id, 'complete', commission(config));
          }
        }
      }
      await backdateOrder(db, order.id, timeline);
      moments['order.paid'] = timeline.paid_at ?? created;
      if (timeline.accepted_at) moments['order.accepted'] = timeline.accepted_at;
      if (timeline.done_at) moments['order.done'] = timeline.done_at;
      if (timeline.completed_at) moments['order.completed'] = timeline.completed_at;
      if (timeline.cancelled_at) moments['order.cancelled'] = timeline.cancelled_at;
      if (timeline.completed_at) {
        summary.completed += 1;
        if (random() < 0.3) {
          const item = pick(order.items);
          const { rating, comment } = commentFor(item.food_name, reviewIndex);
          reviewIndex += 1;
          const reviewed = minutes(timeline.completed_at, 20 + Math.floor(random() * 240));
          const at = reviewed.getTime() < now.getTime() ? reviewed : minutes(now, -1);
          const review = await createReview(db, customer.id, {
            food_id: item.food_id,
            order_item_id: item.id,
            rating,
            comment,
          });
          await backdateReview(db, review.id, at);
          moments['review.created'] = at;
          summary.reviews += 1;
        }
      } else {
        summary.cancelled += 1;
      }
      await settle(created);
    }
  }

  // The README's customer keeps something in the wallet to try the app with.
  const demo = customers[0]!;
  if ((balances.get(demo.id) ?? 0) < 150_000) {
    await deposit(demo.id, 300_000, minutes(now, -26 * 60));
    await settle(minutes(now, -26 * 60));
  }
  if (firstOrderId !== null) {
    await backdateLedger(
      db,
      { from: firstOrderId, to: lastOrderId, restaurantId: restaurant.id },
      { from: firstPaymentId, to: await selectMaxPaymentId(db) },
      customers.map((c) => c.id),
    );
  }
  // A few recent ones in each bell, not a thousand.
  await markNewestUnread(db, [...actors.map((a) => a.id), demo.id], 3);
  return summary;
}

const commission = (config: HistoryConfig) => ({ commissionPercent: config.commissionPercent });

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contract/orders';
import {
  CreateReviewReplySchema,
  RATING_MESSAGE,
  ReviewEligibilityReplySchema,
} from '#contract/reviews';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testLane } from '../helpers/test-db';
import type { ErrorBody } from '../factories/errors';
import { placeOrder, setOrderStatus } from '../factories/orders';
import { newUser, type TestUser } from '../factories/users';

describe('reviews (POST /api/customer/reviews/, spec 7.4)', () => {
  let t: TestApp;
  let pho: { id: number; dishes: Record<string, number> };
  let banhMi: { id: number; dishes: Record<string, number> };

  const completedOrder = async (user: TestUser, lines: [foodId: number, quantity: number][]) => {
    const order = await placeOrder(t, user, lines);
    await setOrderStatus(t, order.id, 'completed');
    return order;
  };

  const review = (user: TestUser, body: Record<string, unknown>, key?: string) =>
    call<ErrorBody & { data: unknown }>(t.app, 'POST', '/api/customer/reviews/', {
      token: user.token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  const accepted = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await review(user, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return CreateReviewReplySchema.parse(res.body);
  };

  const itemsOf = async (user: TestUser, orderId: number) => {
    const res = await call<{ data: Order }>(t.app, 'GET', `/api/customer/orders/${orderId}/`, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    return res.body.data.items;
  };

  const reviewCount = async (customerId: number) =>
    (
      await t.database.db
        .selectFrom('reviews')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await insertCatalogue(t.database.db, [
      {
        name: 'Phở Hàng Bạc',
        lat: 21.0343,
        lon: 105.8531,
        dishes: [
          { name: 'Phở bò', price: 50_000 },
          { name: 'Phở gà', price: 45_000 },
          { name: 'Trà đá', price: 5_000 },
        ],
      },
      {
        name: 'Bánh Mì Phố Huế',
        lat: 21.0125,
        lon: 105.8513,
        dishes: [{ name: 'Bánh mì', price: 25_000 }],
      },
    ]);
    pho = created[0]!;
    banhMi = created[1]!;
  });

  afterAll(async () => {
    await t.close();
  });

  it('accepts a dish of a completed order: 201, the review, and the dish and restaurant show it', async () => {
    const alice = await newUser(t, 'customer', { full_name: 'Nguyễn Thị Ánh' });
    const order = await completedOrder(alice, [[banhMi.dishes['Bánh mì']!, 2]]);
    const item = order.items[0]!;
    const reply = await accepted(alice, {
      food_id: banhMi.dishes['Bánh mì'],
      rating: 4,
      comment: '  Bánh giòn, pate ngon  ',
    });
    expect(reply.message).toBe('Đã gửi đánh giá');
    expect(reply.data).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'Bánh giòn, pate ngon',
      created_at: expect.any(String),
      customer_id: alice.id,
      customer_name: 'Nguyễn Thị Ánh',
      food_id: banhMi.dishes['Bánh mì'],
      food_name: 'Bánh mì',
      order_item_id: item.id,
    });
    expect(new Date(reply.data.created_at).toISOString()).toBe(reply.data.created_at);

    const listed = await call<{ data: { items: { id: number }[] } }>(
      t.app,
      'GET',
      `/api/customer/reviews/${banhMi.dishes['Bánh mì']}/?page=1&per_page=5`,
      { token: alice.token },
    );
    expect(listed.body.data.items.map((r) => r.id)).toEqual([reply.data.id]);
    // The catalogue averages the restaurant's dishes' reviews: the rating follows by itself.
    const detail = await call<{ data: { rating: number | null; review_count: number } }>(
      t.app,
      'GET',
      `/api/restaurant/${banhMi.id}/detail`,
      { token: alice.token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ rating: 4, review_count: 1 });
  });

  it('takes the comment as optional: absent or null is empty', async () => {
    const alice = await newUser(t, 'customer');
    await completedOrder(alice, [
      [pho.dishes['Phở bò']!, 1],
      [pho.dishes['Trà đá']!, 1],
    ]);
    const a = await accepted(alice, { food_id: pho.dishes['Phở bò'], rating: 5 });
    const b = await accepted(alice, { food_id: pho.dishes['Trà đá'], rating: 1, comment: null });
    expect([a.data.comment, b.data.comment]).toEqual(['', '']);
    // A customer without a name yet is shown by the screens as 'Người dùng'.
    expect(a.data.customer_name).toBeNull();
  });

  it('refuses a dish never bought, or unknown, with 403 REVIEW_NOT_ALLOWED', async () => {
    const alice = await newUser(t, 'customer');
    await completedOrder(alice, [[pho.dishes['Phở bò']!, 1]]);
    for (const foodId of [pho.dishes['Phở gà']!, banhMi.dishes['Bánh mì']!, 999_999]) {
      const res = await review(alice, { food_id: foodId, rating: 5 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('REVIEW_NOT_ALLOWED');
      expect(res.body.message).toBe(
        'Bạn chỉ có thể đánh giá món đã mua trong một đơn hàng đã giao',
      );
    }
    expect(await reviewCount(alice.id)).toBe(0);
  });

  it('refuses a dish of an order that is not completed (pending, paid, accepted, done, cancelled)', async () => {
    const alice = await newUser(t, 'customer');
    const order = await placeOrder(t, alice, [[pho.dishes['Phở gà']!, 1]]);
    for (const status of ['pending', 'paid', 'accepted', 'done', 'cancelled'] as const) {
      await setOrderStatus(t, order.id, status);
      for (const body of [
        { food_id: pho.dishes['Phở gà'], rating: 5 },
        { food_id: pho.dishes['Phở gà'], rating: 5, order_item_id: order.items[0]!.id },
      ]) {
        const res = await review(alice, body);
        expect(res.status, status).toBe(403);
        expect(res.body.code).toBe('REVIEW_NOT_ALLOWED');
      }
    }
    expect(await reviewCount(alice.id)).toBe(0);
  });

  it('accepts one review per order item: the same item twice is 409 ALREADY_REVIEWED', async () => {
    const alice = await newUser(t, 'customer');
    const order = await completedOrder(alice, [[pho.dishes['Phở gà']!, 3]]);
    const itemId = order.items[0]!.id;
    await accepted(alice, { food_id: pho.dishes['Phở gà'], rating: 5, order_item_id: itemId });
    for (const body of [
      { food_id: pho.dishes['Phở gà'], rating: 3, order_item_id: itemId },
      { food_id: pho.dishes['Phở gà'], rating: 3 },
    ]) {
      const res = await review(alice, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ALREADY_REVIEWED');
      expect(res.body.message).toBe('Bạn đã đánh giá món này trong đơn hàng này');
    }
    expect(await reviewCount(alice.id)).toBe(1);
  });

  it('lets two completed orders of one dish each be reviewed once, oldest first', async () => {
    const alice = await newUser(t, 'customer');
    const first = await completedOrder(alice, [[pho.dishes['Phở bò']!, 1]]);
    const second = await completedOrder(alice, [[pho.dishes['Phở bò']!, 2]]);
    const a = await accepted(alice, { food_id: pho.dishes['Phở bò'], rating: 5 });
    const b = await accepted(alice, { food_id: pho.dishes['Phở bò'], rating: 2 });
    expect([a.data.order_item_id, b.data.order_item_id]).toEqual([
      first.items[0]!.id,
      second.items[0]!.id,
    ]);
    const third = await review(alice, { food_id: pho.dishes['Phở bò'], rating: 4 });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('ALREADY_REVIEWED');
  });

  it('reviews the named item even when an older one of the dish is unreviewed', async () => {
    const alice = await newUser(t, 'customer');
    const older = await completedOrder(alice, [[pho.dishes['Trà đá']!, 1]]);
    const newer = await completedOrder(alice, [[pho.dishes['Trà đá']!, 1]]);
    const named = await accepted(alice, {
      food_id: pho.dishes['Trà đá'],
      rating: 5,
      order_item_id: newer.items[0]!.id,
    });
    expect(named.data.order_item_id).toBe(newer.items[0]!.id);
    const picked = await accepted(alice, { food_id: pho.dishes['Trà đá'], rating: 4 });
    expect(picked.data.order_item_id).toBe(older.items[0]!.id);
  });

  it("refuses another customer's order item, and an item of another dish, with 403", async () => {
    const alice = await newUser(t, 'customer');
    const bob = await newUser(t, 'customer');
    const bobs = await completedOrder(bob, [[pho.dishes['Phở gà']!, 1]]);
    const alices = await completedOrder(alice, [
      [pho.dishes['Phở gà']!, 1],
      [pho.dishes['Trà đá']!, 1],
    ]);
    const cases = [
      // Bob's item, of a dish Alice did buy: still not hers.
      { food_id: pho.dishes['Phở gà'], rating: 5, order_item_id: bobs.items[0]!.id },
      // Her own item, but the food_id is another dish of that order.
      { food_id: pho.dishes['Phở gà'], rating: 5, order_item_id: alices.items[1]!.id },
      { food_id: pho.dishes['Phở gà'], rating: 5, order_item_id: 2_000_000_000 },
    ];
    for (const body of cases) {
      const res = await review(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.code).toBe('REVIEW_NOT_ALLOWED');
    }
    expect(await reviewCount(alice.id)).toBe(0);
    expect((await itemsOf(bob, bobs.id))[0]!.has_reviewed).toBe(false);
  });

  it('refuses a rating that is not a whole number from 1 to 5, and a long comment, with 400', async () => {
    const alice = await newUser(t, 'customer');
    await completedOrder(alice, [[pho.dishes['Phở gà']!, 1]]);
    for (const rating of [0, 6, 2.5, '5', -1, null, undefined, true]) {
      const res = await review(alice, { food_id: pho.dishes['Phở gà'], rating, comment: 'Ngon' });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toBe(RATING_MESSAGE);
    }
    const long = await review(alice, {
      food_id: pho.dishes['Phở gà'],
      rating: 5,
      comment: 'ngon '.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Nhận xét tối đa 1000 ký tự');
    for (const food_id of ['1', 0, 1.5, undefined]) {
      const res = await review(alice, { food_id, rating: 5 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Mã không hợp lệ');
    }
    expect(await reviewCount(alice.id)).toBe(0);
    // Exactly 1000 characters after trimming is fine.
    const edge = await accepted(alice, {
      food_id: pho.dishes['Phở gà'],
      rating: 5,
      comment: `  ${'a'.repeat(1000)}  `,
    });
    expect(edge.data.comment).toHaveLength(1000);
  });

  it('marks has_reviewed on exactly the reviewed item', async () => {
    const alice = await newUser(t, 'customer');
    const first = await completedOrder(alice, [
      [pho.dishes['Phở bò']!, 1],
      [pho.dishes['Trà đá']!, 2],
    ]);
    const second = await completedOrder(alice, [[pho.dishes['Phở bò']!, 1]]);
    const flags = async () => [
      ...(await itemsOf(alice, first.id)).map((i) => [i.food_name, i.has_reviewed]),
      ...(await itemsOf(alice, second.id)).map((i) => [i.food_name, i.has_reviewed]),
    ];
    expect(await flags()).toEqual([
      ['Phở bò', false],
      ['Trà đá', false],
      ['Phở bò', false],
    ]);
    await accepted(alice, {
      food_id: pho.dishes['Phở bò'],
      rating: 5,
      order_item_id: second.items[0]!.id,
    });
    expect(await flags()).toEqual([
      ['Phở bò', false],
      ['Trà đá', false],
      ['Phở bò', true],
    ]);
    // The list carries the same flags as the detail.
    const list = await call<{ data: { items: Order[] } }>(t.app, 'GET', '/api/customer/orders/', {
      token: alice.token,
    });
    expect(
      list.body.data.items.flatMap((o) => o.items.map((i) => [o.id, i.food_name, i.has_reviewed])),
    ).toEqual([
      [second.id, 'Phở bò', true],
      [first.id, 'Phở bò', false],
      [first.id, 'Trà đá', false],
    ]);
  });

  it('answers a retried submit with one Idempotency-Key with the first reply, once', async () => {
    const alice = await newUser(t, 'customer');
    await completedOrder(alice, [[pho.dishes['Phở gà']!, 1]]);
    const body = { food_id: pho.dishes['Phở gà'], rating: 5, comment: 'Ngon' };
    const a = await review(alice, body, 'review-retry-1');
    const b = await review(alice, body, 'review-retry-1');
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(await reviewCount(alice.id)).toBe(1);
  });

  it('is for customers only', async () => {
    const staff = await newUser(t, 'owner');
    const res = await review(staff, { food_id: pho.dishes['Phở gà'], rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const anonymous = await call<ErrorBody>(t.app, 'POST', '/api/customer/reviews/', {
      body: { food_id: pho.dishes['Phở gà'], rating: 5 },
    });
    expect(anonymous.status).toBe(401);
  });

  describe("the dish page's form: GET /api/customer/reviews/{foodId}/eligibility/", () => {
    const eligibility = (user: TestUser | undefined, foodId: number | string) =>
      call<ErrorBody & { data: unknown }>(
        t.app,
        'GET',
        `/api/customer/reviews/${foodId}/eligibility/`,
        user ? { token: user.token } : {},
      );

    const itemToReview = async (user: TestUser, foodId: number) => {
      const res = await eligibility(user, foodId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ReviewEligibilityReplySchema.parse(res.body).data.order_item;
    };

    it('names the oldest unreviewed item of a completed order, then the next, then none', async () => {
      const alice = await newUser(t, 'customer');
      const foodId = banhMi.dishes['Bánh mì']!;
      expect(await itemToReview(alice, foodId)).toBeNull();
      const first = await completedOrder(alice, [[foodId, 1]]);
      const second = await completedOrder(alice, [[foodId, 2]]);
      expect(await itemToReview(alice, foodId)).toEqual({
        id: first.items[0]!.id,
        order_id: first.id,
      });
      await accepted(alice, { food_id: foodId, rating: 5, order_item_id: first.items[0]!.id });
      expect(await itemToReview(alice, foodId)).toEqual({
        id: second.items[0]!.id,
        order_id: second.id,
      });
      await accepted(alice, { food_id: foodId, rating: 4, order_item_id: second.items[0]!.id });
      // Every item reviewed: bought, but nothing left to review.
      expect(await itemToReview(alice, foodId)).toBeNull();
    });

    it('names nothing for an order that is not completed, another dish or an unknown one', async () => {
      const alice = await newUser(t, 'customer');
      const order = await placeOrder(t, alice, [[pho.dishes['Phở gà']!, 1]]);
      for (const status of ['pending', 'paid', 'accepted', 'done', 'cancelled'] as const) {
        await setOrderStatus(t, order.id, status);
        expect(await itemToReview(alice, pho.dishes['Phở gà']!), status).toBeNull();
      }
      await setOrderStatus(t, order.id, 'completed');
      expect(await itemToReview(alice, pho.dishes['Phở gà']!)).toEqual({
        id: order.items[0]!.id,
        order_id: order.id,
      });
      expect(await itemToReview(alice, pho.dishes['Phở bò']!)).toBeNull();
      expect(await itemToReview(alice, 2_000_000_000)).toBeNull();
    });

    it("names only the caller's own items", async () => {
      const alice = await newUser(t, 'customer');
      const bob = await newUser(t, 'customer');
      await completedOrder(bob, [[pho.dishes['Trà đá']!, 1]]);
      expect(await itemToReview(alice, pho.dishes['Trà đá']!)).toBeNull();
    });

    it('is for customers only, and refuses an id that is not one with 400', async () => {
      const owner = await newUser(t, 'owner');
      const staff = await eligibility(owner, pho.dishes['Phở gà']!);
      expect(staff.status).toBe(403);
      expect(staff.body.code).toBe('FORBIDDEN');
      expect((await eligibility(undefined, pho.dishes['Phở gà']!)).status).toBe(401);
      const alice = await newUser(t, 'customer');
      for (const id of ['abc', 0, 2_147_483_648]) {
        const res = await eligibility(alice, id);
        expect(res.status, String(id)).toBe(400);
        expect(res.body.message).toBe('Mã không hợp lệ');
      }
    });
  });

  // On PostgreSQL these run on parallel connections, where the unique index on
  // reviews.order_item_id is what keeps an item to one review; PGlite runs them one by one.
  describe(`under concurrency (${testLane()})`, () => {
    /**
     * Runs `request` while another transaction holds an uncommitted review of `itemId`. On
     * PostgreSQL the request cannot see that review, so it gets past the checks and its insert
     * waits on the unique index until the holder commits: the backstop path, for certain.
     * PGlite has one connection, so there the request simply runs after the holder.
     */
    const whileItemIsBeingReviewed = async <T>(
      customerId: number,
      foodId: number,
      itemId: number,
      request: () => Promise<T>,
    ): Promise<T> => {
      let pending: Promise<T> | undefined;
      let settled = false;
      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('reviews')
          .values({ food_id: foodId, customer_id: customerId, rating: 5, order_item_id: itemId })
          .execute();
        pending = request().finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (testLane() === 'postgres') expect(settled).toBe(false);
      });
      return pending!;
    };

    it('maps losing the unique index for a named item to 409 ALREADY_REVIEWED', async () => {
      const alice = await newUser(t, 'customer');
      const order = await completedOrder(alice, [[pho.dishes['Phở bò']!, 1]]);
      const itemId = order.items[0]!.id;
      const res = await whileItemIsBeingReviewed(alice.id, pho.dishes['Phở bò']!, itemId, () =>
        review(alice, { food_id: pho.dishes['Phở bò'], rating: 3, order_item_id: itemId }),
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ALREADY_REVIEWED');
      expect(await reviewCount(alice.id)).toBe(1);
    });

    it('re-aims a review without an item at the next unreviewed one after losing the race', async () => {
      const alice = await newUser(t, 'customer');
      const older = await completedOrder(alice, [[pho.dishes['Trà đá']!, 1]]);
      const newer = await completedOrder(alice, [[pho.dishes['Trà đá']!, 1]]);
      const res = await whileItemIsBeingReviewed(
        alice.id,
        pho.dishes['Trà đá']!,
        older.items[0]!.id,
        () => review(alice, { food_id: pho.dishes['Trà đá'], rating: 4 }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(CreateReviewReplySchema.parse(res.body).data.order_item_id).toBe(newer.items[0]!.id);
      expect(await reviewCount(alice.id)).toBe(2);
    });

    it('lets ten simultaneous reviews of one item through once; the rest are 409', async () => {
      const alice = await newUser(t, 'customer');
      const order = await completedOrder(alice, [[pho.dishes['Phở bò']!, 1]]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          review(alice, {
            food_id: pho.dishes['Phở bò'],
            rating: 1 + (i % 5),
            order_item_id: order.items[0]!.id,
          }),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(
        replies.filter((r) => r.status === 409).every((r) => r.body.code === 'ALREADY_REVIEWED'),
      ).toBe(true);
      expect(await reviewCount(alice.id)).toBe(1);
    });

    it('spreads simultaneous reviews without an item over the unreviewed items, once each', async () => {
      const alice = await newUser(t, 'customer');
      const orders = [
        await completedOrder(alice, [[pho.dishes['Phở gà']!, 1]]),
        await completedOrder(alice, [[pho.dishes['Phở gà']!, 1]]),
        await completedOrder(alice, [[pho.dishes['Phở gà']!, 1]]),
      ];
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          review(alice, { food_id: pho.dishes['Phở gà'], rating: 5 }),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      const reviewed = replies
        .filter((r) => r.status === 201)
        .map((r) => CreateReviewReplySchema.parse(r.body).data.order_item_id)
        .sort((x, y) => x - y);
      expect(reviewed).toEqual(orders.map((o) => o.items[0]!.id).sort((x, y) => x - y));
      expect(await reviewCount(alice.id)).toBe(3);
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARK_READ_INVALID_MESSAGE,
  NotificationListReplySchema,
  type NotificationList,
} from '#contract/notifications';
import { DepositReplySchema } from '#contract/payments';
import { notify } from '#server/modules/notifications/notifications.service';
import { call } from '../helpers/auth';
import { insertCatalogue } from '../helpers/catalogue';
import { deposit, paidOrder, sendIpn, vnpayCallback } from '../helpers/money';
import { listenOnFreePort, openSse, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { ErrorBody } from '../factories/errors';
import { placeOrder, setOrderStatus } from '../factories/orders';
import { newUser, ownerOf, type TestUser } from '../factories/users';

const EVENT_TIMINGS = { heartbeatMs: 1000, reconnectMinMs: 50, reconnectMaxMs: 200 };

let t: TestApp;
let base: string;
let admin: TestUser;
/** Restaurant A and its whole team: the owner and two staff accounts. */
let a: {
  id: number;
  pho: number;
  tra: number;
  owner: TestUser;
  cook: TestUser;
  cashier: TestUser;
};
/** Another restaurant, whose staff must hear nothing of A. */
let b: { id: number; owner: TestUser; staff: TestUser };
const streams: SseStream[] = [];

const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
const teamA = () => sorted([a.owner.id, a.cook.id, a.cashier.id]);

/** Who received a notification of this kind about this subject, and what it said. */
async function sent(tag: string, kind: string) {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'title', 'body', 'url'])
    .where('tag', '=', tag)
    .where('kind', '=', kind)
    .orderBy('user_id')
    .execute();
  return {
    to: rows.map((row) => row.user_id),
    texts: [...new Set(rows.map((row) => JSON.stringify([row.title, row.body, row.url])))].map(
      (text) => JSON.parse(text) as [title: string, body: string, url: string],
    ),
    ids: rows.map((row) => row.id),
  };
}

async function countWhere(table: 'notifications' | 'push_deliveries' | 'events', tag?: string) {
  let query = t.database.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n'));
  if (table === 'notifications' && tag) query = query.where('tag', '=', tag);
  return (await query.executeTakeFirstOrThrow()).n;
}

const inbox = async (user: TestUser, query = ''): Promise<NotificationList> => {
  const res = await call(t.app, 'GET', `/api/notifications/${query}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return NotificationListReplySchema.parse(res.body).data;
};

const markRead = (user: TestUser | null, body?: unknown) =>
  call<ErrorBody & { data: { unread_count: number } }>(t.app, 'PUT', '/api/notifications/read/', {
    ...(user ? { token: user.token } : {}),
    ...(body !== undefined ? { body } : {}),
  });

const step = async (user: TestUser, orderId: number, path: string, body?: unknown) => {
  const res = await call(t.app, 'PUT', `/api/staff/orders/${orderId}/${path}/`, {
    token: user.token,
    ...(body !== undefined ? { body } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** Notifications written straight through the service, for the inbox's own tests. */
async function seedInbox(user: TestUser, count: number, prefix: string) {
  for (let i = 1; i <= count; i += 1) {
    await t.database.db.transaction().execute((trx) =>
      notify(trx, [user.id], {
        kind: 'test',
        title: `${prefix} ${i}`,
        body: `Nội dung ${i}`,
        url: '/orders',
        tag: `${prefix}-${i}`,
      }),
    );
  }
}

beforeAll(async () => {
  t = await createTestApp({ events: EVENT_TIMINGS });
  base = await listenOnFreePort(t.app);
  const [ra, rb] = await insertCatalogue(t.database.db, [
    {
      name: 'Phở Hàng Bạc',
      lat: 21.0343,
      lon: 105.8531,
      dishes: [
        { name: 'Phở bò', price: 55_000 },
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
  a = {
    id: ra!.id,
    pho: ra!.dishes['Phở bò']!,
    tra: ra!.dishes['Trà đá']!,
    owner: await ownerOf(t, ra!.id),
    cook: await newUser(t, 'staff', { restaurant_id: ra!.id }),
    cashier: await newUser(t, 'staff', { restaurant_id: ra!.id }),
  };
  b = {
    id: rb!.id,
    owner: await ownerOf(t, rb!.id),
    staff: await newUser(t, 'staff', { restaurant_id: rb!.id }),
  };
  admin = await newUser(t, 'admin');
});

afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

describe('notifications of orders', () => {
  it('tells the whole team of a new paid order, and nobody else', async () => {
    const customer = await newUser(t, 'customer');
    const order = await placeOrder(t, customer, [
      [a.pho, 2],
      [a.tra, 1],
    ]);
    await deposit(t, customer.id, order.total_amount);
    const before = await countWhere('notifications', `order-${order.id}`);
    expect(before).toBe(0);
    const res = await call(t.app, 'POST', '/api/payment/order/pay/', {
      token: customer.token,
      body: { order_id: order.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const paid = await sent(`order-${order.id}`, 'order.paid');
    expect(paid.to).toEqual(teamA());
    expect(paid.texts).toEqual([
      [`Có đơn mới #${order.id}`, '115.000 ₫ · 3 món', `/orders/${order.id}`],
    ]);
    // The customer, the other restaurant and the admin hear nothing of it.
    expect(await countWhere('notifications', `order-${order.id}`)).toBe(3);
    expect((await inbox(a.cook)).items[0]).toMatchObject({
      title: `Có đơn mới #${order.id}`,
      body: '115.000 ₫ · 3 món',
      url: `/orders/${order.id}`,
      read: false,
    });
    expect((await inbox(b.staff)).items).toEqual([]);
  });

  it('follows the staff steps for the customer only: accepted, done, delivered', async () => {
    const customer = await newUser(t, 'customer');
    const other = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.pho);
    const tag = `order-${order.id}`;

    await step(a.cook, order.id, 'accept');
    expect(await sent(tag, 'order.accepted')).toMatchObject({
      to: [customer.id],
      texts: [
        [
          `Quán đã nhận đơn #${order.id}`,
          'Phở Hàng Bạc đang chuẩn bị món cho bạn.',
          `/orders/${order.id}`,
        ],
      ],
    });
    await step(a.cook, order.id, 'done');
    expect(await sent(tag, 'order.done')).toMatchObject({
      to: [customer.id],
      texts: [
        [
          `Đơn #${order.id} đã xong món`,
          'Phở Hàng Bạc đã nấu xong, đơn đang được giao đến bạn.',
          `/orders/${order.id}`,
        ],
      ],
    });
    await step(a.cashier, order.id, 'complete');
    expect(await sent(tag, 'order.completed')).toMatchObject({
      to: [customer.id],
      texts: [
        [
          `Đơn #${order.id} đã giao`,
          'Chúc bạn ngon miệng! Hãy đánh giá món ăn của Phở Hàng Bạc.',
          `/orders/${order.id}`,
        ],
      ],
    });

    expect((await inbox(customer)).items.map((n) => n.title)).toEqual([
      `Đơn #${order.id} đã giao`,
      `Đơn #${order.id} đã xong món`,
      `Quán đã nhận đơn #${order.id}`,
    ]);
    expect((await inbox(other)).items).toEqual([]);
    // The team heard only of the new order, once each.
    expect(await countWhere('notifications', tag)).toBe(3 + 3);
  });

  it('tells the customer of a staff cancel with the refund, and the rest of the team', async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.pho, 1);
    await step(a.cook, order.id, 'accept');
    await step(a.cook, order.id, 'cancel', { reason: 'Hết nguyên liệu' });

    const cancelled = await sent(`order-${order.id}`, 'order.cancelled');
    // The cook who cancelled it knows; the owner and the cashier are told.
    expect(cancelled.to).toEqual(sorted([customer.id, a.owner.id, a.cashier.id]));
    expect(cancelled.texts).toEqual(
      expect.arrayContaining([
        [
          `Đơn #${order.id} đã hủy, 55.000 ₫ đã hoàn về ví`,
          'Lý do: Hết nguyên liệu',
          `/orders/${order.id}`,
        ],
        [
          `Đơn #${order.id} đã hủy`,
          '55.000 ₫ đã hoàn cho khách. Lý do: Hết nguyên liệu',
          `/orders/${order.id}`,
        ],
      ]),
    );
    expect(cancelled.texts).toHaveLength(2);
    expect((await inbox(customer)).items[0]!.title).toBe(
      `Đơn #${order.id} đã hủy, 55.000 ₫ đã hoàn về ví`,
    );
  });

  it("tells the team of a customer's cancel of a paid order, and the customer of the refund", async () => {
    const customer = await newUser(t, 'customer');
    const order = await paidOrder(t, customer, a.tra, 2);
    const res = await call(t.app, 'PUT', `/api/customer/orders/${order.id}/cancel/`, {
      token: customer.token,
      body: { reason: 'Khách yêu cầu hủy' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const cancelled = await sent(`order-${order.id}`, 'order.cancelled');
    expect(cancelled.to).toEqual(sorted([customer.id, ...teamA()]));
    expect(cancelled.texts.map(([title]) => title).sort()).toEqual([
      `Đơn #${order.id} đã hủy`,
      `Đơn #${order.id} đã hủy, 10.000 ₫ đã hoàn về ví`,
    ]);
  });

  it("tells nobody of a customer's cancel of an unpaid order", async () => {
    const customer = await newUser(t, 'customer');
    const order = await placeOrder(t, customer, a.pho);
    const res = await call(t.app, 'PUT', `/api/customer/orders/${order.id}/cancel/`, {
      token: customer.token,
      body: { reason: 'Khách yêu cầu hủy' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await countWhere('notifications', `order-${order.id}`)).toBe(0);
  });
});

describe('notifications of money', () => {
  const topUp = async (user: TestUser, amount: number) => {
    const res = await call(t.app, 'POST', '/api/payment/deposit/create/', {
      token: user.token,
      body: { amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return DepositReplySchema.parse(res.body).data.txn_ref;
  };

  it('tells of a VNPay top-up once it succeeds, once, and never of a failed one', async () => {
    const customer = await newUser(t, 'customer');
    const txnRef = await topUp(customer, 200_000);
    const failedRef = await topUp(customer, 70_000);
    expect((await sendIpn(t, vnpayCallback(t, failedRef, 70_000, 'cancelled'))).RspCode).toBe('00');
    expect((await inbox(customer)).items).toEqual([]);

    expect((await sendIpn(t, vnpayCallback(t, txnRef, 200_000))).RspCode).toBe('00');
    // VNPay repeats its IPN: the top-up is told once.
    expect((await sendIpn(t, vnpayCallback(t, txnRef, 200_000))).RspCode).toBe('02');
    const list = await inbox(customer);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      title: 'Nạp tiền thành công',
      body: '200.000 ₫ đã được nạp vào ví của bạn.',
      url: '/profile',
      read: false,
    });
    expect(list.unread_count).toBe(1);
  });

  it('tells of the new order, not of a top-up, when a VNPay payment pays its order', async () => {
    const customer = await newUser(t, 'customer');
    const payable = await placeOrder(t, customer, a.pho);
    const cancelled = await placeOrder(t, customer, a.tra);
    const payByGateway = async (orderId: number) => {
      const res = await call<{ data: { txn_ref: string; amount_vnpay: number } }>(
        t.app,
        'POST',
        '/api/payment/order/pay/',
        { token: customer.token, body: { order_id: orderId } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const first = await payByGateway(payable.id);
    const second = await payByGateway(cancelled.id);
    const cancel = await call(t.app, 'PUT', `/api/customer/orders/${cancelled.id}/cancel/`, {
      token: customer.token,
      body: { reason: 'Khách yêu cầu hủy' },
    });
    expect(cancel.status).toBe(200);

    expect((await sendIpn(t, vnpayCallback(t, first.txn_ref, first.amount_vnpay))).RspCode).toBe(
      '00',
    );
    expect((await sent(`order-${payable.id}`, 'order.paid')).to).toEqual(teamA());
    expect((await inbox(customer)).items).toEqual([]);

    // The order was cancelled before the money came: it stays in the wallet, and that is news.
    expect((await sendIpn(t, vnpayCallback(t, second.txn_ref, second.amount_vnpay))).RspCode).toBe(
      '00',
    );
    expect((await inbox(customer)).items.map((n) => [n.title, n.body])).toEqual([
      ['Nạp tiền thành công', '5.000 ₫ đã được nạp vào ví của bạn.'],
    ]);
  });

  it('tells the owner of a paid and of a rejected withdrawal, with the reason', async () => {
    await deposit(t, a.owner.id, 500_000);
    const request = async (amount: number) => {
      const res = await call<{ data: { withdrawal: { id: number } } }>(
        t.app,
        'POST',
        '/api/staff/payment/withdraw/',
        { token: a.owner.token, body: { amount } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.withdrawal.id;
    };
    const paid = await request(120_000);
    const rejected = await request(80_000);
    const decide = (id: number, decision: string, body?: unknown) =>
      call(t.app, 'PUT', `/api/admin/withdrawals/${id}/${decision}/`, {
        token: admin.token,
        ...(body ? { body } : {}),
      });
    expect((await decide(paid, 'paid', { reference: 'FT26331001' })).status).toBe(200);
    expect((await decide(rejected, 'reject', { reason: 'Sai số tài khoản' })).status).toBe(200);

    expect(await sent(`withdrawal-${paid}`, 'withdrawal.paid')).toMatchObject({
      to: [a.owner.id],
      texts: [
        [
          'Rút tiền thành công',
          '120.000 ₫ đã được chuyển đến bạn. Mã giao dịch: FT26331001',
          '/profile',
        ],
      ],
    });
    expect(await sent(`withdrawal-${rejected}`, 'withdrawal.rejected')).toMatchObject({
      to: [a.owner.id],
      texts: [
        [
          'Yêu cầu rút tiền bị từ chối',
          '80.000 ₫ đã hoàn về ví. Lý do: Sai số tài khoản',
          '/profile',
        ],
      ],
    });
    // A second decision is refused and tells nothing more.
    expect((await decide(paid, 'paid', { reference: 'FT26331002' })).status).toBe(409);
    expect((await sent(`withdrawal-${paid}`, 'withdrawal.paid')).to).toHaveLength(1);
  });
});

describe('notifications of restaurants', () => {
  it("tells the owner of the restaurant's approval and of its rejection with the reason", async () => {
    const [pending] = await insertCatalogue(t.database.db, [
      { name: 'Bún Chả Hương Liên', lat: 21.018, lon: 105.853, approval: 'pending', dishes: [] },
    ]);
    const owner = await ownerOf(t, pending!.id);
    const tag = `restaurant-${pending!.id}`;
    const approve = await call(t.app, 'PUT', `/api/admin/restaurants/${pending!.id}/approve/`, {
      token: admin.token,
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(await sent(tag, 'restaurant.approved')).toMatchObject({
      to: [owner.id],
      texts: [
        [
          'Nhà hàng Bún Chả Hương Liên đã được duyệt',
          'Khách hàng có thể đặt món từ bây giờ.',
          '/staff/restaurant',
        ],
      ],
    });

    const reject = await call(t.app, 'PUT', `/api/admin/restaurants/${pending!.id}/reject/`, {
      token: admin.token,
      body: { reason: 'Ảnh giấy phép không rõ' },
    });
    expect(reject.status, JSON.stringify(reject.body)).toBe(200);
    expect(await sent(tag, 'restaurant.rejected')).toMatchObject({
      to: [owner.id],
      texts: [
        [
          'Nhà hàng Bún Chả Hương Liên bị từ chối: Ảnh giấy phép không rõ',
          'Khách hàng không còn thấy nhà hàng. Sửa thông tin nhà hàng để gửi duyệt lại.',
          '/staff/restaurant',
        ],
      ],
    });
    // Refused as already rejected: nothing more is told.
    const again = await call(t.app, 'PUT', `/api/admin/restaurants/${pending!.id}/reject/`, {
      token: admin.token,
      body: { reason: 'Lần nữa' },
    });
    expect(again.status).toBe(409);
    expect(await countWhere('notifications', tag)).toBe(2);
  });

  it("tells the restaurant's team of a new review, and not another restaurant's", async () => {
    const customer = await newUser(t, 'customer');
    const order = await placeOrder(t, customer, a.pho);
    await setOrderStatus(t, order.id, 'completed');
    const res = await call<{ data: { id: number } }>(t.app, 'POST', '/api/customer/reviews/', {
      token: customer.token,
      body: { food_id: a.pho, rating: 4, comment: 'Nước dùng đậm đà' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const reviewed = await sent(`review-${res.body.data.id}`, 'review.created');
    expect(reviewed.to).toEqual(teamA());
    expect(reviewed.texts).toEqual([
      ['Có đánh giá mới', '4/5 sao cho Phở bò: “Nước dùng đậm đà”', '/staff/reviews'],
    ]);
    expect((await inbox(b.owner)).items).toEqual([]);
    expect((await inbox(customer)).items).toEqual([]);
  });
});

describe('GET /api/notifications/', () => {
  it('pages the inbox newest first with the unread count and the read flag', async () => {
    const user = await newUser(t, 'customer');
    await seedInbox(user, 25, 'Tin');
    const first = await inbox(user, '?page=1&per_page=10');
    expect(first.items.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Tin ${25 - i}`),
    );
    expect(first.unread_count).toBe(25);
    expect(first.pagination).toEqual({
      page: 1,
      per_page: 10,
      total: 25,
      total_exact: true,
      total_pages: 3,
      has_next: true,
    });
    const last = await inbox(user, '?page=3&per_page=10');
    expect(last.items.map((n) => n.title)).toEqual(['Tin 5', 'Tin 4', 'Tin 3', 'Tin 2', 'Tin 1']);
    expect(last.pagination.has_next).toBe(false);
    const ids = first.items.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(first.items[0]).toEqual({
      id: ids[0],
      title: 'Tin 25',
      body: 'Nội dung 25',
      url: '/orders',
      read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });

    expect((await markRead(user, { ids: [ids[1]] })).body.data.unread_count).toBe(24);
    const after = await inbox(user, '?per_page=3');
    expect(after.items.map((n) => n.read)).toEqual([false, true, false]);
    expect(after.unread_count).toBe(24);
    // The default page size is 20.
    expect((await inbox(user)).items).toHaveLength(20);
  });

  it('refuses a bad page with the message of the contract', async () => {
    const user = await newUser(t, 'customer');
    const res = await call<ErrorBody>(t.app, 'GET', '/api/notifications/?per_page=51', {
      token: user.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Số mục mỗi trang phải từ 1 đến 50');
    const page = await call<ErrorBody>(t.app, 'GET', '/api/notifications/?page=0', {
      token: user.token,
    });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('Số trang phải là số nguyên dương');
  });

  it('answers 401 without a token', async () => {
    const res = await call<ErrorBody>(t.app, 'GET', '/api/notifications/');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('PUT /api/notifications/read/', () => {
  it("marks the caller's notifications read by id and ignores another user's ids", async () => {
    const me = await newUser(t, 'owner');
    const other = await newUser(t, 'customer');
    await seedInbox(me, 3, 'Của tôi');
    await seedInbox(other, 2, 'Của người khác');
    const mine = (await inbox(me)).items.map((n) => n.id);
    const theirs = (await inbox(other)).items.map((n) => n.id);

    const res = await markRead(me, { ids: [mine[0], theirs[0], theirs[1], 999_999_999] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Thành công', data: { unread_count: 2 } });
    const list = await inbox(other);
    expect(list.unread_count).toBe(2);
    expect(list.items.every((n) => !n.read)).toBe(true);
    // Marking again changes nothing.
    expect((await markRead(me, { ids: [mine[0]] })).body.data.unread_count).toBe(2);
  });

  it("marks all of the caller's notifications read, and only theirs", async () => {
    const me = await newUser(t, 'staff', { restaurant_id: b.id });
    const other = await newUser(t, 'customer');
    await seedInbox(me, 4, 'Tất cả');
    await seedInbox(other, 1, 'Khác');
    const res = await markRead(me, { all: true });
    expect(res.status).toBe(200);
    expect(res.body.data.unread_count).toBe(0);
    expect((await inbox(me)).items.every((n) => n.read)).toBe(true);
    expect((await inbox(other)).unread_count).toBe(1);
  });

  it.each([
    ['no body', undefined, MARK_READ_INVALID_MESSAGE],
    ['an empty object', {}, MARK_READ_INVALID_MESSAGE],
    ['empty ids', { ids: [] }, MARK_READ_INVALID_MESSAGE],
    ['ids as strings', { ids: ['1', '2'] }, MARK_READ_INVALID_MESSAGE],
    ['a zero id', { ids: [0] }, MARK_READ_INVALID_MESSAGE],
    ['a fractional id', { ids: [1.5] }, MARK_READ_INVALID_MESSAGE],
    ['all false', { all: false }, MARK_READ_INVALID_MESSAGE],
    [
      '101 ids',
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'Chỉ được đánh dấu tối đa 100 thông báo mỗi lần',
    ],
  ])('refuses %s with 400 and the message', async (_name, body, message) => {
    const user = await newUser(t, 'customer');
    await seedInbox(user, 1, 'Giữ nguyên');
    const res = await markRead(user, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect((await inbox(user)).unread_count).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await markRead(null, { all: true });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('delivery of a notification', () => {
  it('reaches an open event stream with the unread count', async () => {
    const customer = await newUser(t, 'customer');
    await seedInbox(customer, 2, 'Cũ');
    const order = await paidOrder(t, customer, a.pho);
    const s = await openSse(base, { token: customer.token });
    streams.push(s);
    expect(s.status).toBe(200);
    await step(a.cook, order.id, 'accept');
    const message = await s.next((m) => m.event === 'notification.created');
    const { ids } = await sent(`order-${order.id}`, 'order.accepted');
    expect(message.data).toEqual({
      id: ids[0],
      title: `Quán đã nhận đơn #${order.id}`,
      body: 'Phở Hàng Bạc đang chuẩn bị món cho bạn.',
      url: `/orders/${order.id}`,
      unread_count: 3,
    });
    s.close();
  });

  it('enqueues one push delivery per subscription of the user, none without one', async () => {
    const customer = await newUser(t, 'customer');
    const unsubscribed = await newUser(t, 'customer');
    const subscriptions = await t.database.db
      .insertInto('push_subscriptions')
      .values(
        ['phone', 'laptop'].map((device) => ({
          user_id: customer.id,
          endpoint: `https://push.invalid/send/${device}-${customer.id}`,
          p256dh:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        })),
      )
      .returning('id')
      .execute();
    const mine = await placeOrder(t, customer, a.pho);
    const theirs = await placeOrder(t, unsubscribed, a.pho);
    for (const order of [mine, theirs]) {
      await deposit(t, order === mine ? customer.id : unsubscribed.id, order.total_amount);
    }
    await paidOrderSteps(customer, mine.id);
    await paidOrderSteps(unsubscribed, theirs.id);

    const deliveriesOf = async (orderId: number) => {
      const { ids } = await sent(`order-${orderId}`, 'order.accepted');
      expect(ids).toHaveLength(1);
      return t.database.db
        .selectFrom('push_deliveries')
        .select('subscription_id')
        .where('notification_id', '=', ids[0]!)
        .orderBy('subscription_id')
        .execute();
    };
    // Only the queue is this module's: the push worker may already be sending these.
    expect(await deliveriesOf(mine.id)).toEqual(
      subscriptions.map((s) => ({ subscription_id: s.id })),
    );
    expect(await deliveriesOf(theirs.id)).toEqual([]);
  });

  it('leaves nothing behind when the change rolls back', async () => {
    const user = await newUser(t, 'customer');
    await t.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: user.id,
        endpoint: `https://push.invalid/send/rollback-${user.id}`,
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      })
      .execute();
    const [deliveries, events] = [await countWhere('push_deliveries'), await countWhere('events')];
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notify(trx, [user.id], {
          kind: 'test',
          title: 'Không bao giờ thấy',
          body: 'Giao dịch bị hủy',
          url: '/orders',
          tag: 'rollback',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countWhere('notifications', 'rollback')).toBe(0);
    expect(await countWhere('push_deliveries')).toBe(deliveries);
    expect(await countWhere('events')).toBe(events);
    expect((await inbox(user)).unread_count).toBe(0);
  });

  it('refuses to notify outside a transaction', async () => {
    const user = await newUser(t, 'customer');
    await expect(
      notify(t.database.db, [user.id], {
        kind: 'test',
        title: 'Ngoài giao dịch',
        body: '',
        url: '/',
        tag: 'outside',
      }),
    ).rejects.toThrow('notify must run inside the transaction of its change');
    expect(await countWhere('notifications', 'outside')).toBe(0);
  });
});

/** Pays a topped-up pending order through the pay endpoint and has the cook accept it. */
async function paidOrderSteps(customer: TestUser, orderId: number) {
  const res = await call(t.app, 'POST', '/api/payment/order/pay/', {
    token: customer.token,
    body: { order_id: orderId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await step(a.cook, orderId, 'accept');
}

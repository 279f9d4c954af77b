import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/*
 * The SQL of the demo history (history.ts): what it reads to choose its orders, and the
 * targeted updates that move what the services wrote at load time back to when each thing
 * happened in the story.
 */

/** The dishes the history orders: on the menu, switched on, with no choice the cart would ask. */
export async function selectHistoryDishes(db: Kysely<DB>, restaurantId: number) {
  const foods = await db
    .selectFrom('foods')
    .select(['id', 'name', 'price'])
    .where('restaurant_id', '=', restaurantId)
    .where('deleted_at', 'is', null)
    .where('available', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('option_groups')
            .select('option_groups.id')
            .whereRef('option_groups.food_id', '=', 'foods.id')
            .where('option_groups.deleted_at', 'is', null)
            .where('option_groups.min_select', '>', 0),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  const toppings = foods.length
    ? await db
        .selectFrom('toppings')
        .select(['id', 'food_id', 'price'])
        .where(
          'food_id',
          'in',
          foods.map((f) => f.id),
        )
        .where('group_id', 'is', null)
        .where('deleted_at', 'is', null)
        .where('available', '=', true)
        .orderBy('id')
        .execute()
    : [];
  return foods.map((food) => ({
    ...food,
    toppings: toppings.filter((t) => t.food_id === food.id),
  }));
}

export interface StampMarks {
  notification: number;
  event: number;
}

/** The newest notification and event ids: what a later stamp() counts as written after. */
export async function selectStampMarks(db: Kysely<DB>): Promise<StampMarks> {
  const { rows } = await sql<StampMarks>`select
      coalesce((select max(id) from notifications), 0)::int as notification,
      coalesce((select max(id) from events), 0)::int as event`.execute(db);
  return rows[0]!;
}

/**
 * What the history wrote for `users` or `restaurantId` since `marks`, in one statement: its
 * inbox rows moved to the moment of what each tells (`at` by notification kind, `fallback`
 * for the rest) and already read a few minutes later, the push deliveries they queued
 * dropped (history is not news to a phone), and its live events dropped (the outbox exists
 * to reach a connected screen now; replaying the past to one would show old orders as new).
 * Returns the marks for the next call.
 */
export async function stamp(
  db: Kysely<DB>,
  marks: StampMarks,
  audience: { users: number[]; restaurantId: number },
  at: Partial<Record<string, Date>>,
  fallback: Date,
): Promise<StampMarks> {
  const users = sql.join(audience.users.map((id) => sql`${id}::int`));
  const whens = Object.entries(at).flatMap(([kind, date]) =>
    date ? [sql`when ${kind} then ${date}::timestamptz`] : [],
  );
  const moment = whens.length
    ? sql`(case kind ${sql.join(whens, sql` `)} else ${fallback}::timestamptz end)`
    : sql`${fallback}::timestamptz`;
  const { rows } = await sql<StampMarks>`
    with moved as (
      update notifications set created_at = ${moment},
        read_at = ${moment} + interval '7 minutes'
      where id > ${marks.notification} and user_id in (${users})
      returning id
    ),
    unpushed as (
      delete from push_deliveries where notification_id in (select id from moved)
    ),
    unlive as (
      delete from events where id > ${marks.event}
        and (user_id in (${users}) or restaurant_id = ${audience.restaurantId})
    )
    select
      greatest(${marks.notification}::int,
        coalesce((select max(id) from notifications), 0))::int as notification,
      greatest(${marks.event}::int, coalesce((select max(id) from events), 0))::int as event`.execute(
    db,
  );
  return rows[0]!;
}

export interface OrderTimes {
  created_at: Date;
  paid_at: Date | null;
  accepted_at: Date | null;
  done_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

/** An order's whole timeline at once; updated_at is its last step. */
export async function backdateOrder(db: Kysely<DB>, id: number, times: OrderTimes) {
  const last =
    times.completed_at ?? times.cancelled_at ?? times.done_at ?? times.accepted_at ?? times.paid_at;
  await sql`update orders set created_at = ${times.created_at}, updated_at = ${last ?? times.created_at},
      paid_at = ${times.paid_at}, accepted_at = ${times.accepted_at}, done_at = ${times.done_at},
      completed_at = ${times.completed_at}, cancelled_at = ${times.cancelled_at}
    where id = ${id}`.execute(db);
}

export async function backdateReview(db: Kysely<DB>, id: number, at: Date) {
  await sql`update reviews set created_at = ${at} where id = ${id}`.execute(db);
}

/**
 * The ledger's transfers of the history's orders and deposits (ids from..to of each) moved
 * to the moments their orders and payments record: paid_at for a payment, cancelled_at for a
 * refund, completed_at for a settlement and its commission, settled_at for a VNPay credit.
 * Transfers are immutable by trigger; this one transaction lifts the trigger for its own
 * updates only (ALTER TABLE holds an exclusive lock until commit, so no other session ever
 * sees the table without it), and the wallets the history opened get the date of their first
 * movement.
 */
export async function backdateLedger(
  db: Kysely<DB>,
  orders: { from: number; to: number; restaurantId: number },
  payments: { from: number; to: number },
  wallets: number[],
) {
  await db.transaction().execute(async (trx) => {
    await sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`.execute(trx);
    await sql`update ledger_transfers t
      set created_at = case t.kind
        when 'order_payment' then coalesce(o.paid_at, t.created_at)
        when 'refund' then coalesce(o.cancelled_at, t.created_at)
        else coalesce(o.completed_at, t.created_at) end
      from orders o
      where o.id = t.order_id and o.restaurant_id = ${orders.restaurantId}
        and o.id between ${orders.from} and ${orders.to}`.execute(trx);
    await sql`update ledger_transfers t set created_at = p.settled_at
      from payments p
      where p.id = t.payment_id and p.settled_at is not null
        and p.id between ${payments.from} and ${payments.to}`.execute(trx);
    await sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`.execute(trx);
    if (wallets.length) {
      await sql`update ledger_accounts a set created_at = first.at
        from (select c.id, min(t.created_at) as at from ledger_accounts c
          join ledger_transfers t on t.debit_account_id = c.id or t.credit_account_id = c.id
          where c.kind = 'wallet' and c.user_id in (${sql.join(wallets)})
          group by c.id) first
        where a.id = first.id and first.at < a.created_at`.execute(trx);
    }
  });
}

/**
 * Leaves the newest `count` notifications of each of `users` unread: the handful a demo
 * account finds in its bell; everything older stays read.
 */
export async function markNewestUnread(db: Kysely<DB>, users: number[], count: number) {
  if (!users.length) return;
  await sql`update notifications set read_at = null where id in (
      select id from (select id, row_number() over (partition by user_id
          order by created_at desc, id desc) as n
        from notifications where user_id in (${sql.join(users)})) newest
      where n <= ${count})`.execute(db);
}

export async function selectMaxPaymentId(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select coalesce(max(id), 0)::int as id from payments`.execute(db);
  return rows[0]!.id;
}

export async function selectUserIdsByPhone(db: Kysely<DB>, phones: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('role', '=', 'customer')
    .where('phone', 'in', [...phones])
    .execute();
}

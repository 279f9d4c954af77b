import { sql, type Kysely } from 'kysely';

/**
 * The cart, coupons, orders and the idempotency store.
 *
 * - One cart per customer (`carts`), bound to one restaurant while it has lines. A line is a
 *   dish with a set of toppings (`topping_ids`, sorted, no duplicates), so the same dish with
 *   other toppings is another line and the same choice again adds to its line (unique key).
 *   Mutations lock the `carts` row first, which serialises two tabs of one customer.
 * - Orders keep a snapshot of what was bought (names, unit prices with toppings, the toppings
 *   themselves) so later menu edits never change an order.
 * - A coupon redemption is recorded with its order and released when the order is cancelled;
 *   `coupons.used_count` counts the redemptions that are not released.
 * - `idempotency_keys`: the reply of a mutating call stored under the caller's key for 24 hours
 *   (design.md section 4).
 * - `users.restaurant_id` links a staff account to the restaurant it works for (an owner's
 *   restaurant is the one it owns).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('restaurant_id', 'integer', (col) => col.references('restaurants.id'))
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('restaurant_id', 'integer', (col) => col.references('restaurants.id'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('carts.customer_id').onDelete('cascade'),
    )
    .addColumn('food_id', 'integer', (col) => col.notNull().references('foods.id'))
    .addColumn('topping_ids', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_items_line', ['customer_id', 'food_id', 'topping_ids'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Stored upper-case; codes are matched after trimming and upper-casing the input.
    .addColumn('code', 'text', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`code ~ '^[A-Z0-9_-]{3,32}$'`),
    )
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('percent', 'fixed')`))
    // Percent: 1-100; fixed: đồng.
    .addColumn('value', 'integer', (col) => col.notNull().check(sql`value > 0`))
    .addColumn('max_discount', 'integer', (col) => col.check(sql`max_discount > 0`))
    .addColumn('min_order', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`min_order >= 0`),
    )
    .addColumn('restaurant_id', 'integer', (col) => col.references('restaurants.id'))
    // Dish scope: the order must contain one of these dishes. Null = any dish.
    .addColumn('food_ids', sql`integer[]`)
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('usage_limit', 'integer', (col) => col.check(sql`usage_limit > 0`))
    .addColumn('per_customer_limit', 'integer', (col) => col.check(sql`per_customer_limit > 0`))
    .addColumn('used_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_percent_range', sql`kind <> 'percent' or value <= 100`)
    .addCheckConstraint(
      'coupons_usage_within_limit',
      sql`usage_limit is null or used_count <= usage_limit`,
    )
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'accepted', 'done', 'completed', 'cancelled')`),
    )
    .addColumn('subtotal', 'integer', (col) => col.notNull().check(sql`subtotal > 0`))
    .addColumn('discount', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0`),
    )
    .addColumn('shipping_fee', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_amount', 'integer', (col) => col.notNull().check(sql`total_amount >= 0`))
    .addColumn('coupon_id', 'integer', (col) => col.references('coupons.id'))
    .addColumn('coupon_code', 'text')
    .addColumn('delivery_address', 'text', (col) => col.notNull())
    .addColumn('delivery_phone', 'text', (col) => col.notNull())
    .addColumn('delivery_note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_by', 'text', (col) =>
      col.check(sql`cancelled_by in ('customer', 'staff', 'system')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addCheckConstraint('orders_total', sql`total_amount = subtotal - discount + shipping_fee`)
    .execute();
  await sql`create index orders_customer on orders (customer_id, id desc)`.execute(db);
  await sql`create index orders_restaurant on orders (restaurant_id, id desc)`.execute(db);

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('food_id', 'integer', (col) => col.notNull().references('foods.id'))
    .addColumn('food_name', 'text', (col) => col.notNull())
    .addColumn('food_image', 'text')
    // Unit price with the toppings, đồng.
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price > 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('subtotal', 'integer', (col) => col.notNull())
    // [{id, name, price}] as they were when ordered.
    .addColumn('toppings', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint('order_items_subtotal', sql`subtotal = price * quantity`)
    .execute();
  await sql`create index order_items_order on order_items (order_id, id)`.execute(db);

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id'))
    .addColumn('discount', 'integer', (col) => col.notNull().check(sql`discount >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .execute();
  await sql`create index coupon_redemptions_customer
    on coupon_redemptions (coupon_id, customer_id) where released_at is null`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    // sha256 of method, path and the canonical JSON body.
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('cart_items').execute();
  await db.schema.dropTable('carts').execute();
  await db.schema.alterTable('users').dropColumn('restaurant_id').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Option groups of a dish ('Size', 'Đá', 'Độ chín'), the choices of a cart line and an order
 * item, and the line's note (docs/decisions/035-option-groups.md).
 *
 * - The options of every group live in `toppings`, next to the spec's toppings: a row with a
 *   `group_id` is an option of that group, a row without one is a topping (the dish's implicit
 *   optional group). Topping and option ids are therefore one id space, which lets
 *   `option_ids` in the cart name either, and leaves every spec query on toppings unchanged as
 *   long as it keeps to `group_id is null`.
 * - `available` is the owner's switch for one option; `sold_out_until` is 'hết hôm nay' (the
 *   option sells again from then on, by itself). Dishes get the same `sold_out_until`, besides
 *   the spec's `available` switch.
 * - A cart line is a dish, its set of choices (`option_ids`: toppings and options, sorted, no
 *   repeats) and its note; the same three again add to the line's quantity.
 * - An order item keeps every choice as it was bought (`options`: [{id, group, name, price}])
 *   and the note; the spec's `toppings` snapshot stays as it is.
 * - Groups are read by the cached catalogue replies, so they move the catalogue's generation
 *   like every other table those replies read (migration 0012).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('option_groups')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('food_id', 'integer', (col) => col.notNull().references('foods.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('min_select', 'integer', (col) => col.notNull().check(sql`min_select between 0 and 20`))
    .addColumn('max_select', 'integer', (col) => col.notNull().check(sql`max_select between 1 and 20`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    // A group taken off the menu keeps its row: past carts and orders still name it.
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('option_groups_range', sql`min_select <= max_select`)
    .execute();
  await sql`create index option_groups_food on option_groups (food_id, position)
    where deleted_at is null`.execute(db);

  await db.schema
    .alterTable('toppings')
    .addColumn('group_id', 'integer', (col) => col.references('option_groups.id'))
    .addColumn('available', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sold_out_until', 'timestamptz')
    .execute();
  await db.schema.alterTable('foods').addColumn('sold_out_until', 'timestamptz').execute();
  await sql`create index toppings_group on toppings (group_id, position) where group_id is not null`.execute(
    db,
  );

  await sql`alter table cart_items rename column topping_ids to option_ids`.execute(db);
  await db.schema
    .alterTable('cart_items')
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`alter table cart_items drop constraint cart_items_line`.execute(db);
  await sql`alter table cart_items add constraint cart_items_line
    unique (customer_id, food_id, option_ids, note)`.execute(db);

  await db.schema
    .alterTable('order_items')
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Items ordered before groups existed list their toppings as their choices.
  await sql`update order_items set options = coalesce((
      select jsonb_agg(jsonb_build_object('id', t->'id', 'group', 'Topping', 'name', t->'name',
        'price', t->'price'))
        from jsonb_array_elements(toppings) t), '[]'::jsonb)
    where jsonb_array_length(toppings) > 0`.execute(db);

  await sql`create trigger option_groups_catalogue_generation
    before insert or update or delete or truncate on option_groups
    for each statement execute function catalogue_generation_bump()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger option_groups_catalogue_generation on option_groups`.execute(db);
  await db.schema.alterTable('order_items').dropColumn('options').dropColumn('note').execute();
  await sql`delete from cart_items where note <> '' or exists (
      select 1 from toppings t where t.id = any(cart_items.option_ids) and t.group_id is not null)`.execute(
    db,
  );
  await sql`alter table cart_items drop constraint cart_items_line`.execute(db);
  await db.schema.alterTable('cart_items').dropColumn('note').execute();
  await sql`alter table cart_items rename column option_ids to topping_ids`.execute(db);
  await sql`alter table cart_items add constraint cart_items_line
    unique (customer_id, food_id, topping_ids)`.execute(db);
  await sql`delete from toppings where group_id is not null`.execute(db);
  await db.schema
    .alterTable('toppings')
    .dropColumn('group_id')
    .dropColumn('available')
    .dropColumn('sold_out_until')
    .execute();
  await db.schema.alterTable('foods').dropColumn('sold_out_until').execute();
  await db.schema.dropTable('option_groups').execute();
}

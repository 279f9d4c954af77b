import { sql, type Kysely } from 'kysely';

/**
 * Money: the ledger, VNPay payments and withdrawals (design.md section 5 'Orders and money').
 *
 * - `ledger_accounts`: one wallet per user that has touched money, plus one platform account of
 *   each kind: escrow (paid orders not yet completed), gateway (VNPay clearing: money that came
 *   in from outside, so it runs negative), payouts (withdrawals on their way out) and
 *   commission. `balance` is a cache of the sum of the account's transfers, kept in the same
 *   statement that writes a transfer; a wallet can never go negative (CHECK as the backstop of
 *   the debiting statement's own condition).
 * - `ledger_transfers`: immutable double-entry movements from one account to another, each
 *   with a unique business key ('order:42:pay', 'vnpay:<TxnRef>:credit') so it happens at
 *   most once. A trigger refuses UPDATE and DELETE; the sum over all accounts is always zero.
 * - `payments`: one VNPay attempt each (a fresh TxnRef per attempt), pending until the IPN or
 *   the reconciliation settles it, exactly once, by a conditional update.
 * - `withdrawals`: a staff-level user's request, paid out or rejected by an admin.
 * - `reviews.order_item_id`: a review belongs to one bought item, once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('wallet', 'escrow', 'gateway', 'payouts', 'commission')`),
    )
    .addColumn('user_id', 'integer', (col) => col.unique().references('users.id'))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_accounts_owner', sql`(kind = 'wallet') = (user_id is not null)`)
    .addCheckConstraint(
      'ledger_accounts_wallet_not_negative',
      sql`kind <> 'wallet' or balance >= 0`,
    )
    .execute();
  await sql`create unique index ledger_accounts_platform on ledger_accounts (kind)
    where user_id is null`.execute(db);
  await sql`insert into ledger_accounts (kind) values
    ('escrow'), ('gateway'), ('payouts'), ('commission')`.execute(db);

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('business_key', 'text', (col) => col.notNull().unique())
    // Money leaves the debit account and arrives in the credit account.
    .addColumn('debit_account_id', 'integer', (col) =>
      col.notNull().references('ledger_accounts.id'),
    )
    .addColumn('credit_account_id', 'integer', (col) =>
      col.notNull().references('ledger_accounts.id'),
    )
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('deposit', 'order_payment', 'refund', 'settlement', 'commission', 'withdrawal', 'withdrawal_return')`,
        ),
    )
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('payment_id', 'integer')
    .addColumn('withdrawal_id', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_transfers_two_accounts', sql`debit_account_id <> credit_account_id`)
    .execute();
  await sql`create index ledger_transfers_debit on ledger_transfers (debit_account_id, id)`.execute(
    db,
  );
  await sql`create index ledger_transfers_credit on ledger_transfers (credit_account_id, id)`.execute(
    db,
  );
  await sql`create index ledger_transfers_order on ledger_transfers (order_id) where order_id is not null`.execute(
    db,
  );
  // A movement of money is history: corrections are new transfers, never edits.
  await sql`create function ledger_transfers_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger transfers are immutable';
    end $$`.execute(db);
  await sql`create trigger ledger_transfers_immutable before update or delete on ledger_transfers
    for each row execute function ledger_transfers_immutable()`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('txn_ref', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('deposit', 'order')`),
    )
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    // VND (not x100); the gateway takes 5,000 to under 1,000,000,000.
    .addColumn('amount', 'integer', (col) =>
      col.notNull().check(sql`amount >= 5000 and amount < 1000000000`),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('response_code', 'text')
    .addColumn('transaction_status', 'text')
    .addColumn('transaction_no', 'text')
    .addColumn('bank_code', 'text')
    .addColumn('pay_date', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('payments_order_purpose', sql`(purpose = 'order') = (order_id is not null)`)
    .execute();
  await sql`create index payments_pending on payments (created_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index payments_user on payments (user_id, id desc)`.execute(db);

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await sql`create index withdrawals_status on withdrawals (status, id)`.execute(db);

  await db.schema
    .alterTable('reviews')
    .addColumn('order_item_id', 'integer', (col) => col.unique().references('order_items.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('order_item_id').execute();
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.dropTable('payments').execute();
  await sql`drop trigger ledger_transfers_immutable on ledger_transfers`.execute(db);
  await sql`drop function ledger_transfers_immutable()`.execute(db);
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}

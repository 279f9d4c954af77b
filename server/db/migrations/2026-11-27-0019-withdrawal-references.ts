import { sql, type Kysely } from 'kysely';

/**
 * Payouts in the admin console and the console's user search
 * (docs/decisions/047-payouts-in-the-console.md):
 * - `withdrawals.bank_reference`: the bank transfer's reference an admin gives when marking a
 *   request paid, so the accountant can match the payout to the bank statement. Null while
 *   pending and for a rejected request.
 * - The admin's user search (text inside phone, username, email or the accent-folded name)
 *   read every user row. `users.search_name` stores the folded name the search compares (the
 *   customer's full name, else the staff's family and given names; || rather than concat_ws,
 *   which is only STABLE and may not be stored), and a trigram index per searched text lets
 *   each arm of the search's OR be an index scan.
 */
const TRIGRAM_INDEXES = {
  users_search_name_trgm: 'search_name',
  users_username_trgm: 'lower(username)',
  users_email_trgm: 'lower(email)',
  users_phone_trgm: 'phone',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals add column bank_reference text`.execute(db);

  await sql`alter table users add column search_name text generated always as (
    search_fold(search_lower(coalesce(nullif(full_name, ''),
      nullif(trim(coalesce(last_name, '') || ' ' || coalesce(first_name, '')), ''))))
  ) stored`.execute(db);
  for (const [name, expression] of Object.entries(TRIGRAM_INDEXES)) {
    await sql`create index ${sql.raw(name)} on users
      using gin ((${sql.raw(expression)}) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(TRIGRAM_INDEXES)) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
  }
  await sql`alter table users drop column search_name`.execute(db);
  await sql`alter table withdrawals drop column bank_reference`.execute(db);
}

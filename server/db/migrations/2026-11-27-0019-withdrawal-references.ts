import { sql, type Kysely } from 'kysely';

/**
 * Payouts in the admin console (docs/decisions/047-payouts-in-the-console.md):
 * - `withdrawals.bank_reference`: the bank transfer's reference an admin gives when marking a
 *   request paid, so the accountant can match the payout to the bank statement. Null while
 *   pending and for a rejected request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals add column bank_reference text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals drop column bank_reference`.execute(db);
}

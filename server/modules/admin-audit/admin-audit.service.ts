import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry } from '#contract/admin-users';
import type { Pagination } from '#contract/envelope';
import type { DB } from '#server/db/schema';
import { offsetOf, pagination } from '#server/lib/pagination';
import { countAuditEntries, insertAuditEntry, selectAuditEntries } from './admin-audit.queries';

export interface AdminAction {
  actorId: number;
  action: AuditAction;
  targetType: 'user' | 'restaurant' | 'withdrawal' | 'coupon';
  targetId: number;
  /** The target's state as the action found it, and as it left it (null: none). */
  before: unknown;
  after: unknown;
}

/**
 * Writes one admin action to the audit log. Called with the action's own transaction, so the
 * log holds an action exactly when the action happened: a rolled-back one leaves no entry.
 */
export function recordAdminAction(trx: Kysely<DB>, action: AdminAction): Promise<void> {
  return insertAuditEntry(trx, action);
}

export async function listAuditEntries(
  db: Kysely<DB>,
  query: { action?: AuditAction; page: number; per_page: number },
): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([
    selectAuditEntries(db, query.action, query.per_page, offsetOf(query.page, query.per_page)),
    countAuditEntries(db, query.action),
  ]);
  return {
    items: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    pagination: pagination(query.page, query.per_page, total),
  };
}

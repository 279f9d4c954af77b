import { WITHDRAWAL_CSV_COLUMNS, type AdminWithdrawal } from '#contract/wallet';
import { csvDocument, type CsvValue } from '#server/lib/csv';

/**
 * The status words the console shows for a withdrawal; the accountant's file uses the same, so
 * the file and the screen read alike.
 */
export const WITHDRAWAL_STATUS_LABELS: Record<AdminWithdrawal['status'], string> = {
  pending: 'Chờ xử lý',
  paid: 'Đã chuyển khoản',
  rejected: 'Từ chối',
};

/** Vietnam keeps UTC+7 all year (no daylight saving), so a fixed offset is exact. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** An ISO instant as 'YYYY-MM-DD HH:mm' in Asia/Ho_Chi_Minh, the way the accountant reads it. */
export function vietnamMinute(iso: string): string {
  const local = new Date(new Date(iso).getTime() + VIETNAM_OFFSET_MS);
  return local.toISOString().slice(0, 16).replace('T', ' ');
}

function toRow(w: AdminWithdrawal): CsvValue[] {
  return [
    w.id,
    vietnamMinute(w.created_at),
    w.user_name,
    w.restaurant_name,
    w.amount,
    WITHDRAWAL_STATUS_LABELS[w.status],
    w.decided_at === null ? null : vietnamMinute(w.decided_at),
    w.bank_reference,
    w.status === 'rejected' ? w.reason : null,
  ];
}

/** The export file: WITHDRAWAL_CSV_COLUMNS, then one row per request in the order given. */
export function withdrawalsCsv(withdrawals: readonly AdminWithdrawal[]): string {
  return csvDocument(WITHDRAWAL_CSV_COLUMNS, withdrawals.map(toRow));
}

/** The download's name, from the range asked: rut-tien-2026-11-01-2026-11-30.csv. */
export function withdrawalsCsvFilename(startDate: string, endDate: string): string {
  return `rut-tien-${startDate}-${endDate}.csv`;
}

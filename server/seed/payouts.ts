import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema';
import { decideWithdrawal, requestWithdrawal } from '#server/modules/wallet/wallet.service';
import { selectStampMarks, stamp } from './history.queries';
import { backdateWithdrawal, selectEarnedBy } from './payouts.queries';
import { selectFirstRestaurantOf, selectUserIdByUsername } from './seed.queries';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/**
 * demo_owner's payouts over the history: a request every three weeks for most of what the
 * wallet had earned by then, paid by demo_admin the next morning with a bank reference; one
 * turned down for a wrong account number (the money back in the wallet); and one from
 * yesterday still waiting, so the console's queue has something to pay. Made through the
 * wallet service like a real request and decision, audit rows included, then dated back.
 */
const PLAN: { daysBack: number; share: number; rejected?: string }[] = [
  { daysBack: 66, share: 0.8 },
  { daysBack: 45, share: 0.8 },
  {
    daysBack: 31,
    share: 0.5,
    rejected: 'Số tài khoản ngân hàng không khớp tên chủ quán, vui lòng kiểm tra và gửi lại',
  },
  { daysBack: 24, share: 0.8 },
  { daysBack: 10, share: 0.8 },
  { daysBack: 1, share: 0.6 },
];

export async function seedPayouts(db: Kysely<DB>, now = new Date()): Promise<number> {
  const ownerId = await selectUserIdByUsername(db, 'demo_owner');
  const adminId = await selectUserIdByUsername(db, 'demo_admin');
  if (ownerId === undefined || adminId === undefined) return 0;
  const restaurant = await selectFirstRestaurantOf(db, ownerId);
  if (!restaurant) return 0;
  const audience = { users: [ownerId], restaurantId: restaurant.id };
  let marks = await selectStampMarks(db);
  let made = 0;
  for (const [index, step] of PLAN.entries()) {
    const requestedAt = new Date(now.getTime() - step.daysBack * DAY - 3 * HOUR);
    const available = await selectEarnedBy(db, ownerId, requestedAt);
    const amount = Math.floor((available * step.share) / 100_000) * 100_000;
    if (amount < 100_000) continue;
    const { withdrawal } = await requestWithdrawal(db, { id: ownerId, role: 'owner' }, amount);
    const last = index === PLAN.length - 1;
    const decidedAt = last ? null : new Date(requestedAt.getTime() + 18 * HOUR);
    if (!last) {
      await decideWithdrawal(
        db,
        adminId,
        withdrawal.id,
        step.rejected
          ? { status: 'rejected', reason: step.rejected }
          : { status: 'paid', reference: `FT${26_000_000 + withdrawal.id * 7_919}` },
      );
    }
    await backdateWithdrawal(db, withdrawal.id, requestedAt, decidedAt);
    // The owner's inbox keeps the decision, read, at its time; nothing is pushed or replayed.
    marks = await stamp(db, marks, audience, {}, decidedAt ?? requestedAt);
    made += 1;
  }
  return made;
}

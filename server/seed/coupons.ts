import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { insertCoupons, selectFirstRestaurantOf, selectUserIdByUsername } from './seed.queries';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The demo coupons listed in the README: one for every restaurant, one for demo_owner's
 * restaurant, and one of each refusal a customer is most likely to meet (expired, used up).
 */
export async function seedCoupons(db: Kysely<DB>, now = new Date()): Promise<void> {
  const ownerId = await selectUserIdByUsername(db, 'demo_owner');
  const restaurant =
    (ownerId !== undefined ? await selectFirstRestaurantOf(db, ownerId) : undefined) ??
    (await selectFirstRestaurantOf(db, undefined));
  const startedLastMonth = new Date(now.getTime() - 30 * DAY_MS);
  await insertCoupons(db, [
    {
      code: 'CHAOBAN',
      description: 'Giảm 20% tối đa 30.000 ₫ cho đơn từ 50.000 ₫ ở mọi quán',
      kind: 'percent',
      value: 20,
      max_discount: 30_000,
      min_order: 50_000,
      starts_at: startedLastMonth,
    },
    ...(restaurant
      ? [
          {
            code: 'QUANNHA',
            description: `Giảm 15.000 ₫ cho đơn từ 60.000 ₫ tại ${restaurant.name}`,
            kind: 'fixed' as const,
            value: 15_000,
            min_order: 60_000,
            restaurant_id: restaurant.id,
            starts_at: startedLastMonth,
          },
        ]
      : []),
    {
      code: 'HETHAN',
      description: 'Giảm 10% (đã hết hạn)',
      kind: 'percent',
      value: 10,
      starts_at: startedLastMonth,
      ends_at: new Date(now.getTime() - DAY_MS),
    },
    {
      code: 'HETLUOT',
      description: 'Giảm 20.000 ₫ (đã hết lượt)',
      kind: 'fixed',
      value: 20_000,
      starts_at: startedLastMonth,
      usage_limit: 1,
      // Seeded as used up without an order behind it: used_count normally counts live
      // redemptions, but the demo only needs the refusal, not a fake order to explain it.
      used_count: 1,
    },
  ]);
}

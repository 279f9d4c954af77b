import type { Kysely } from 'kysely';
import { createStaffLevelAccount } from '#server/modules/auth/auth.service';
import { createMember } from '#server/modules/staff-members/staff-members.service';
import type { DB } from '../db/schema';
import { selectUserIdByUsername } from './seed.queries';

/** Development-only accounts, listed in the README. */
export const DEMO_PASSWORD = 'demo123456';

export async function seedAccounts(db: Kysely<DB>): Promise<void> {
  await createStaffLevelAccount(db, {
    role: 'admin',
    username: 'demo_admin',
    password: DEMO_PASSWORD,
    first_name: 'Quản trị',
    last_name: 'Món Ngon',
    email: 'admin@monngon.local',
    phone: '0900000001',
    address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội',
    gender: 'other',
  });
  await createStaffLevelAccount(db, {
    role: 'owner',
    username: 'demo_owner',
    password: DEMO_PASSWORD,
    first_name: 'Lan',
    last_name: 'Nguyễn Thị',
    email: 'owner@monngon.local',
    phone: '0900000002',
    address: '12 Lý Tự Trọng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    gender: 'female',
  });
}

/**
 * demo_staff works at demo_owner's restaurant: made as the owner's team screen makes a member
 * (the staff-members service), so it signs in and sees that restaurant like any staff account.
 */
export async function seedDemoStaff(db: Kysely<DB>): Promise<void> {
  const ownerId = await selectUserIdByUsername(db, 'demo_owner');
  if (ownerId === undefined) return;
  await createMember(
    db,
    { id: ownerId, role: 'owner' },
    {
      username: 'demo_staff',
      password: DEMO_PASSWORD,
      first_name: 'Bình',
      last_name: 'Trần Văn',
      phone: '0900000003',
      email: 'staff@monngon.local',
    },
  );
}

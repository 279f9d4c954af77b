import type { Kysely } from 'kysely';
import type { StaffMember } from '#contract/staff-members';
import type { DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { createStaffLevelAccount, revokeUserSessions } from '../auth/auth.service';
import { workplaceOf } from '../workplace/workplace.service';
import { selectMember, selectMembers, unlinkMember, type MemberRow } from './staff-members.queries';

type Owner = { id: number; role: Role };

export interface StaffMemberInput {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string | undefined;
  email?: string | undefined;
}

function toMember(row: MemberRow): StaffMember {
  return {
    id: row.id,
    username: row.username ?? '',
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A staff account working for the owner's restaurant from the start; it signs in at
 * /staff/login. Same password rules and uniqueness checks as an owner registering.
 */
export async function createMember(
  db: Kysely<DB>,
  owner: Owner,
  input: StaffMemberInput,
): Promise<StaffMember> {
  const restaurantId = await workplaceOf(db, owner);
  const account = await createStaffLevelAccount(db, {
    role: 'staff',
    restaurant_id: restaurantId,
    username: input.username,
    password: input.password,
    first_name: input.first_name,
    last_name: input.last_name,
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.email ? { email: input.email } : {}),
  });
  return toMember((await selectMember(db, restaurantId, account.id))!);
}

export async function listMembers(db: Kysely<DB>, owner: Owner): Promise<StaffMember[]> {
  return (await selectMembers(db, await workplaceOf(db, owner))).map(toMember);
}

/**
 * Ends the link and signs the account out everywhere, in one transaction: it can no longer
 * see or change anything of the restaurant (its access token, valid for minutes more, finds
 * no restaurant), while the orders it handled keep their history. The account itself stays,
 * so nothing that refers to it breaks.
 */
export async function removeMember(db: Kysely<DB>, owner: Owner, memberId: number): Promise<void> {
  const restaurantId = await workplaceOf(db, owner);
  await db.transaction().execute(async (trx) => {
    if (!(await unlinkMember(trx, restaurantId, memberId))) {
      throw new AppError('STAFF_MEMBER_NOT_FOUND');
    }
    await revokeUserSessions(trx, memberId);
  });
}

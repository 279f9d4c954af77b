import type { Role } from '#server/db/schema';
import { signAccessToken } from '#server/modules/auth/tokens';
import { signInCustomer } from '../helpers/auth';
import type { TestApp } from '../helpers/test-app';

export interface TestUser {
  id: number;
  role: Role;
  token: string;
}

let userSeq = 0;

/** A user row and a real access token for it (sign-in itself is tested elsewhere). */
export async function newUser(
  t: TestApp,
  role: Role,
  values: { full_name?: string; restaurant_id?: number } = {},
): Promise<TestUser> {
  userSeq += 1;
  // Every test file has a database of its own: a counter is unique enough.
  const unique = String(userSeq).padStart(7, '0');
  const row = await t.database.db
    .insertInto('users')
    .values({
      role,
      ...(role === 'customer'
        ? { phone: `097${unique}` }
        : { username: `${role}_${unique}`, password_hash: 'x' }),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    role,
    token: await signAccessToken(t.app.keys.jwt, { id: row.id, role }),
  };
}

/** The owner of a restaurant inserted by insertCatalogue, with a real access token. */
export async function ownerOf(t: TestApp, restaurantId: number): Promise<TestUser> {
  const { owner_id } = await t.database.db
    .selectFrom('restaurants')
    .select('owner_id')
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return {
    id: owner_id,
    role: 'owner',
    token: await signAccessToken(t.app.keys.jwt, { id: owner_id, role: 'owner' }),
  };
}

/** A new owner account that takes the restaurant over from the one insertCatalogue made. */
export async function newOwnerOf(t: TestApp, restaurantId: number): Promise<TestUser> {
  const owner = await newUser(t, 'owner');
  await t.database.db
    .updateTable('restaurants')
    .set({ owner_id: owner.id })
    .where('id', '=', restaurantId)
    .execute();
  return owner;
}

let signInSeq = 0;

/**
 * A customer signed in through the real OTP flow, each from an address of its own so the
 * per-IP sign-in limit never decides a test.
 */
export async function signedInCustomer(t: TestApp): Promise<{ id: number; token: string }> {
  signInSeq += 1;
  const phone = `0986${String(signInSeq).padStart(6, '0')}`;
  const signed = await signInCustomer(t.app, phone, `198.51.100.${signInSeq}`);
  return { id: signed.customer.id, token: signed.tokens.access_token };
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tokens } from '#contract/auth';
import type { Profile } from '#contract/profile';
import type { DB, Gender, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { SmsSender } from '#server/sms/sms';
import { sendOtp, verifyOtp } from '../otp/otp.service';
import {
  assertUnderLimit,
  describeWait,
  recordEvent,
  type RateRule,
} from '../rate-limit/rate-limit.service';
import {
  assertStaffValuesFree,
  createUser,
  findCustomerByPhone,
  findStaffByLogin,
  assertNotLocked,
  findUserById,
  toProfile,
} from '../users/users.service';
import {
  deleteLoginFailures,
  deleteLoginFailuresOlderThan,
  insertRefreshToken,
  insertSiblingToken,
  markRotated,
  recordLoginFailure,
  revokeFamily,
  revokeUserTokens,
  selectLoginWait,
  selectRefreshToken,
} from './auth.queries';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import {
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
  type AccessClaims,
} from './tokens';

export interface AuthDeps {
  db: Kysely<DB>;
  keys: { jwt: Uint8Array; otp: Buffer };
  sms: SmsSender;
  otpSendsPerIpPerHour?: number;
}

/**
 * Wrong passwords are counted per account AND source address, never per account alone: a
 * count per account let anyone anywhere lock the owner out, their own device included, by
 * typing five wrong passwords (and one more per period kept them out). Past the free tries a
 * pair waits, twice as long after each further failure, instead of a hard lock: slow enough
 * to make guessing from one address hopeless, never a wall for the owner elsewhere. Failures
 * older than a day are forgotten. Guessing spread over many accounts from one address is the
 * per-address limit below.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  maxWaitSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
} as const;
export const LOGIN_FAILURES_PER_IP: RateRule = {
  bucket: 'login-fail-ip',
  limit: 30,
  windowSeconds: 15 * 60,
};

async function createRefreshToken(
  db: Kysely<DB>,
  userId: number,
  familyId: string,
): Promise<string> {
  const { token, hash } = newRefreshToken();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

/** A new sign-in: an access token and the first refresh token of a new family. */
async function startSession(db: Kysely<DB>, key: Uint8Array, user: AccessClaims): Promise<Tokens> {
  const refresh_token = await createRefreshToken(db, user.id, randomUUID());
  return { access_token: await signAccessToken(key, user), refresh_token };
}

export function sendLoginOtp(deps: AuthDeps, phone: string, ip: string) {
  return sendOtp(
    {
      db: deps.db,
      otpKey: deps.keys.otp,
      sms: deps.sms,
      sendsPerIpPerHour: deps.otpSendsPerIpPerHour,
    },
    {
      phone,
      purpose: 'login',
      userId: null,
      ip,
    },
  );
}

/** The first successful code for a phone creates the customer (design.md section 5). */
export async function verifyLoginOtp(
  deps: AuthDeps,
  input: { phone: string; code: string; ip: string },
): Promise<{ customer: Profile; tokens: Tokens }> {
  await verifyOtp(
    { db: deps.db, otpKey: deps.keys.otp },
    { phone: input.phone, purpose: 'login', code: input.code, userId: null, ip: input.ip },
  );
  const customer = await deps.db.transaction().execute(async (trx) => {
    const existing = await findCustomerByPhone(trx, input.phone);
    if (existing) return existing;
    return createUser(trx, { role: 'customer', phone: input.phone });
  });
  assertNotLocked(customer);
  const tokens = await startSession(deps.db, deps.keys.jwt, customer);
  return { customer: toProfile(customer), tokens };
}

export interface RegisterInput {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  address: string;
  gender: Gender;
}

/** A new owner account; the restaurant it creates next waits for an admin's approval. */
export function registerOwner(db: Kysely<DB>, input: RegisterInput): Promise<Profile> {
  return createStaffLevelAccount(db, { ...input, role: 'owner' });
}

/**
 * Any password-holding account: owners registering, the admin CLI and the demo seed all come
 * through here, so the password rules and uniqueness checks are the same for all of them.
 */
export async function createStaffLevelAccount(
  db: Kysely<DB>,
  input: Partial<Omit<RegisterInput, 'username' | 'password'>> & {
    role: Exclude<Role, 'customer'>;
    username: string;
    password: string;
    /** A staff account is created already working for its owner's restaurant. */
    restaurant_id?: number;
  },
): Promise<Profile> {
  if (isCommonPassword(input.password)) throw new AppError('WEAK_PASSWORD');
  await assertStaffValuesFree(db, input, null);
  const { password, ...fields } = input;
  const user = await createUser(db, { ...fields, password_hash: await hashPassword(password) });
  return toProfile(user);
}

export async function staffLogin(
  deps: AuthDeps,
  input: { login: string; password: string; ip: string },
): Promise<{ user: Profile; tokens: Tokens }> {
  await assertUnderLimit(deps.db, LOGIN_FAILURES_PER_IP, input.ip);
  const user = await findStaffByLogin(deps.db, input.login);
  if (!user?.password_hash) {
    await burnPasswordCheck(input.password);
    await recordEvent(deps.db, LOGIN_FAILURES_PER_IP, input.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  // A try during the wait is not checked, so it neither counts nor reveals the password.
  const wait = await selectLoginWait(deps.db, user.id, input.ip);
  if (wait > 0) throw loginDelayed(wait);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    const waitNow = await recordLoginFailure(deps.db, user.id, input.ip, LOGIN_THROTTLE);
    await recordEvent(deps.db, LOGIN_FAILURES_PER_IP, input.ip);
    if (waitNow > 0) throw loginDelayed(waitNow);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await deleteLoginFailures(deps.db, user.id, input.ip);
  // Told only after the right password, so the lock reveals nothing to a guesser.
  assertNotLocked(user);
  const tokens = await startSession(deps.db, deps.keys.jwt, user);
  return { user: toProfile(user), tokens };
}

function loginDelayed(seconds: number): AppError {
  return new AppError('LOGIN_DELAYED', {
    message: `Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau ${describeWait(seconds)}.`,
    retryAfter: seconds,
  });
}

/** Forgets account-and-source pairs with no failure for a day (the hourly housekeeping). */
export function pruneLoginFailures(db: Kysely<DB>): Promise<number> {
  return deleteLoginFailuresOlderThan(db, LOGIN_THROTTLE.forgetAfterSeconds);
}

/**
 * How long a just-rotated refresh token still works. Two tabs (or a retry after a lost reply)
 * refreshing with the same token at the same moment are the app's own doing, not a thief's;
 * without a grace the second one looked like reuse and signed the user out everywhere. Short,
 * so a stolen copy replayed later is still caught: after the window, reuse revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Rotation with reuse detection: every refresh token works once. Presenting one that was
 * already rotated (a copy in the wrong hands, or a replay) revokes its whole family, which
 * signs out every device that descends from that sign-in. Within REFRESH_REUSE_GRACE_MS of its
 * rotation it instead yields another token of the same family (and a fresh access token), so
 * simultaneous refreshes all succeed and every pair they got keeps working. The grace is read
 * from the stored rotated_at, so it holds whichever instance answers.
 */
export async function refreshSession(deps: AuthDeps, presented: string): Promise<Tokens> {
  const stored = await selectRefreshToken(
    deps.db,
    hashRefreshToken(presented),
    REFRESH_REUSE_GRACE_MS,
  );
  if (!stored) throw new AppError('INVALID_REFRESH_TOKEN');
  const user = await findUserById(deps.db, stored.user_id);
  if (!user) throw new AppError('INVALID_REFRESH_TOKEN');
  // Before the revocation check: locking revoked this token, and the client should say why.
  assertNotLocked(user);
  if (stored.revoked_at || (stored.rotated_at && !stored.rotated_recently)) {
    await revokeFamily(deps.db, stored.family_id);
    throw new AppError('INVALID_REFRESH_TOKEN');
  }
  if (stored.expires_at.getTime() <= Date.now()) throw new AppError('INVALID_REFRESH_TOKEN');

  let rotated: string | null = null;
  if (!stored.rotated_at) {
    rotated = await deps.db.transaction().execute(async (trx) => {
      if (!(await markRotated(trx, stored.id))) return null;
      return createRefreshToken(trx, user.id, stored.family_id);
    });
  }
  if (!rotated) {
    // Rotated a moment ago, here or by a simultaneous refresh: within the grace, and while
    // the token is not revoked, the caller gets a sibling; otherwise it is reuse.
    const { token, hash } = newRefreshToken();
    const issued = await insertSiblingToken(deps.db, stored.id, {
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      graceMs: REFRESH_REUSE_GRACE_MS,
    });
    if (!issued) {
      await revokeFamily(deps.db, stored.family_id);
      throw new AppError('INVALID_REFRESH_TOKEN');
    }
    rotated = token;
  }
  return { access_token: await signAccessToken(deps.keys.jwt, user), refresh_token: rotated };
}

/** Ends the sign-in the refresh token belongs to; unknown tokens are silently fine. */
export async function logout(db: Kysely<DB>, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const stored = await selectRefreshToken(db, hashRefreshToken(presented));
  if (stored) await revokeFamily(db, stored.family_id);
}

/**
 * Signs a user out everywhere: no refresh token of theirs works again, so every device is
 * back at the login screen once its short-lived access token expires.
 */
export async function revokeUserSessions(db: Kysely<DB>, userId: number): Promise<void> {
  await revokeUserTokens(db, userId);
}

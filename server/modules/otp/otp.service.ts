import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, OtpPurpose } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { SmsSender } from '#server/sms/sms';
import {
  assertUnderLimit,
  describeWait,
  recordEvent,
  type RateRule,
} from '../rate-limit/rate-limit.service';
import {
  consumeChallenge,
  deleteChallenge,
  insertChallenge,
  lockPhone,
  recentSendsFromIp,
  recentSendsToPhone,
  recordWrongAttempt,
  retireOpenChallenges,
  selectOpenChallenge,
} from './otp.queries';

// design.md section 5: 6 digits, 5 minutes, single use, 5 wrong tries, 60 s between sends,
// 5 sends per phone per hour, and a per-IP limit on sends and on wrong codes.
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_RESEND_SECONDS = 60;
export const OTP_SENDS_PER_PHONE_PER_HOUR = 5;
export const OTP_MAX_ATTEMPTS = 5;
/** The default of OTP_SENDS_PER_IP_PER_HOUR (server/config.ts). */
export const OTP_SENDS_PER_IP_PER_HOUR = 20;
export const OTP_WRONG_CODES_PER_IP: RateRule = {
  bucket: 'otp-wrong-code-ip',
  limit: 30,
  windowSeconds: 3600,
};

export interface OtpDeps {
  db: Kysely<DB>;
  otpKey: Buffer;
  sms: SmsSender;
  /**
   * Codes one IP address may ask for in an hour. Behind a mobile carrier's NAT many customers
   * share one address, so an operator may need more than the default.
   */
  sendsPerIpPerHour?: number;
}

function codeHmac(key: Buffer, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${phone}:${code}`).digest('hex');
}

function smsText(code: string, purpose: OtpPurpose): string {
  const action =
    purpose === 'login' ? 'đăng nhập Món Ngon' : 'xác nhận số điện thoại mới trên Món Ngon';
  return `${code} là mã ${action}. Mã có hiệu lực trong 5 phút. Không chia sẻ mã này cho bất kỳ ai.`;
}

function secondsUntil(from: Date, plusSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((from.getTime() + plusSeconds * 1000 - now.getTime()) / 1000));
}

/**
 * Sends a fresh code. The reply is the same whether or not an account exists for the phone,
 * and the code leaves the server only in the SMS.
 */
export async function sendOtp(
  deps: OtpDeps,
  input: { phone: string; purpose: OtpPurpose; userId: number | null; ip: string },
): Promise<{ resend_after: number; expires_in: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Checks and insert under one per-phone lock, so two simultaneous requests cannot both
  // pass the 60-second rule. The SMS goes out after the commit: a slow gateway must not hold
  // the lock (on PGlite, the only connection).
  const challengeId = await deps.db.transaction().execute(async (trx) => {
    await lockPhone(trx, input.phone);
    await assertSendAllowed(
      trx,
      input.phone,
      input.ip,
      deps.sendsPerIpPerHour ?? OTP_SENDS_PER_IP_PER_HOUR,
    );
    await retireOpenChallenges(trx, input.phone, input.purpose);
    return insertChallenge(trx, {
      phone: input.phone,
      purpose: input.purpose,
      userId: input.userId,
      codeHmac: codeHmac(deps.otpKey, input.phone, input.purpose, code),
      ip: input.ip,
      ttlSeconds: OTP_TTL_SECONDS,
    });
  });
  try {
    await deps.sms.send(input.phone, smsText(code, input.purpose));
  } catch (cause) {
    // Undelivered: forget it, so the user may ask again at once.
    await deleteChallenge(deps.db, challengeId);
    throw new AppError('SMS_FAILED', { cause });
  }
  return { resend_after: OTP_RESEND_SECONDS, expires_in: OTP_TTL_SECONDS };
}

async function assertSendAllowed(
  db: Kysely<DB>,
  phone: string,
  ip: string,
  perIpPerHour: number,
): Promise<void> {
  const fromIp = await recentSendsFromIp(db, ip);
  if (Number(fromIp.count) >= perIpPerHour) {
    const retryAfter = secondsUntil(fromIp.oldest ?? new Date(), 3600, new Date());
    throw new AppError('RATE_LIMITED', {
      message: `Bạn đã yêu cầu quá nhiều mã OTP. Vui lòng thử lại sau ${describeWait(retryAfter)}.`,
      retryAfter,
    });
  }
  const toPhone = await recentSendsToPhone(db, phone);
  const now = toPhone.now;
  if (toPhone.newest && now.getTime() - toPhone.newest.getTime() < OTP_RESEND_SECONDS * 1000) {
    const retryAfter = secondsUntil(toPhone.newest, OTP_RESEND_SECONDS, now);
    throw new AppError('OTP_RESEND_TOO_SOON', {
      message: `Vui lòng đợi ${retryAfter} giây trước khi yêu cầu mã mới.`,
      retryAfter,
    });
  }
  if (Number(toPhone.count) >= OTP_SENDS_PER_PHONE_PER_HOUR) {
    const retryAfter = secondsUntil(toPhone.oldest ?? now, 3600, now);
    throw new AppError('RATE_LIMITED', {
      message: `Số điện thoại này đã nhận quá nhiều mã OTP. Vui lòng thử lại sau ${describeWait(retryAfter)}.`,
      retryAfter,
    });
  }
}

type VerifyOutcome = 'ok' | 'wrong' | 'none';

/**
 * Checks a code and uses it up. Any failure (no code, expired, used, 5 tries spent, another
 * phone's code, wrong digits) is the same OTP_INVALID, so nothing is learnt from the reply.
 * For `change_phone` the code must also belong to the same signed-in user.
 */
export async function verifyOtp(
  deps: Pick<OtpDeps, 'db' | 'otpKey'>,
  input: { phone: string; purpose: OtpPurpose; code: string; userId: number | null; ip: string },
): Promise<void> {
  await assertUnderLimit(deps.db, OTP_WRONG_CODES_PER_IP, input.ip);
  // The outcome is returned, not thrown, so a wrong try is committed along with its count.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    await lockPhone(trx, input.phone);
    const challenge = await selectOpenChallenge(trx, input.phone, input.purpose);
    if (!challenge || challenge.attempts >= OTP_MAX_ATTEMPTS) return 'none';
    if (input.purpose === 'change_phone' && challenge.user_id !== input.userId) return 'none';
    const expected = Buffer.from(challenge.code_hmac, 'hex');
    const given = Buffer.from(codeHmac(deps.otpKey, input.phone, input.purpose, input.code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await recordWrongAttempt(trx, challenge.id, OTP_MAX_ATTEMPTS);
      return 'wrong';
    }
    return (await consumeChallenge(trx, challenge.id)) ? 'ok' : 'none';
  });
  if (outcome === 'ok') return;
  await recordEvent(deps.db, OTP_WRONG_CODES_PER_IP, input.ip);
  throw new AppError('OTP_INVALID');
}

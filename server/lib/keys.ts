import { createHmac } from 'node:crypto';

export interface Keys {
  /** HS256 key of the access tokens. */
  jwt: Uint8Array;
  /** HMAC key under which one-time codes are stored. */
  otp: Buffer;
}

/**
 * One configured secret, separate keys per purpose: a leaked OTP hash table then says nothing
 * about token signatures and the other way round.
 */
export function deriveKeys(secret: string): Keys {
  const derive = (label: string) =>
    createHmac('sha256', secret).update(`mon-ngon:${label}`).digest();
  return { jwt: new Uint8Array(derive('jwt-access')), otp: derive('otp-code') };
}

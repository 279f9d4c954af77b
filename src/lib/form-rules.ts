import { normalizePhone } from '#contract/phone';
import { fieldRules as messages } from '../i18n/sign-in';

// Spec section 5's phone, one-time code and email rules, for every form that asks for them
// (sign-in, registration, the profile), as pure functions so the screens and their tests share
// one reading of them. The server re-checks everything (contract/fields.ts); these only decide
// what the user is told before anything is sent, and read a phone exactly as the server does
// (contract/phone.ts), so a number the server takes is never refused here first.

/** Spec section 9: the one-time code is 6 digits. */
export const OTP_LENGTH = 6;

/** design.md section 5: a new code only after 60 s. Used when a reply does not say. */
export const DEFAULT_RESEND_SECONDS = 60;

const OTP_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);
// "Shaped like {email}": something, an @, a domain with a dot. The server applies the full rule.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The phone as it is checked and sent: spec section 5 removes the spaces, and the dots, dashes
 * and +84 people also write are read as the national number ('+84 912.345.678' is
 * 0912345678). What cannot be read is only stripped of its spaces, for the server to refuse.
 */
export function compactPhone(raw: string): string {
  return normalizePhone(raw) ?? raw.replace(/\s+/g, '');
}

/** Required, then 10 or 11 digits once read as the national number. */
export function phoneError(raw: string): string | null {
  if (raw.trim() === '') return messages.phoneRequired;
  return normalizePhone(raw) ? null : messages.phoneInvalid;
}

/** Required, then exactly 6 digits. */
export function otpError(raw: string): string | null {
  const code = raw.trim();
  if (code === '') return messages.otpRequired;
  return OTP_DIGITS.test(code) ? null : messages.otpInvalid;
}

/** Blank is a problem only where an email is `required`; anything typed must look like one. */
export function emailError(raw: string, { required }: { required: boolean }): string | null {
  const email = raw.trim();
  if (email === '') return required ? messages.emailRequired : null;
  return EMAIL_SHAPE.test(email) ? null : messages.emailInvalid;
}

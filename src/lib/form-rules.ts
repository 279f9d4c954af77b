import { vi } from '../i18n/vi';

// Spec section 5's phone, one-time code and email rules, for every form that asks for them
// (sign-in, registration, the profile), as pure functions so the screens and their tests share
// one reading of them. The server re-checks everything (contract/fields.ts, which also takes
// +84 and dotted numbers); these only decide what the user is told before anything is sent.

const messages = vi.fieldRules;

/** Spec section 9: the one-time code is 6 digits. */
export const OTP_LENGTH = 6;

const PHONE_DIGITS = /^\d{10,11}$/;
const OTP_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);
// "Shaped like {email}": something, an @, a domain with a dot. The server applies the full rule.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The phone as it is checked and sent: spec section 5 removes the spaces. */
export function compactPhone(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** Required, then 10 or 11 digits once the spaces are gone. */
export function phoneError(raw: string): string | null {
  const phone = compactPhone(raw);
  if (phone === '') return messages.phoneRequired;
  return PHONE_DIGITS.test(phone) ? null : messages.phoneInvalid;
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

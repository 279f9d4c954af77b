import type { Profile } from '#contract/profile';
import type { ProfileKind } from '#src/api/profile';
import { vi } from '#src/i18n/vi';
import type { ProfileFields } from './api/update-profile';

// The edit form's rules: spec section 5's phone and code rules, and the name and email rules of
// the profile contract. The server re-checks everything; these only decide what is said before
// anything is sent.

const messages = vi.profile.validation;

/** Spec section 9: the one-time code is 6 digits. */
export const OTP_LENGTH = 6;

const PHONE_DIGITS = /^\d{10,11}$/;
const OTP_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProfileFormValues {
  full_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  address: string;
  date_of_birth: string;
  gender: string;
  otp_code: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

export function initialValues(profile: Profile): ProfileFormValues {
  return {
    full_name: profile.full_name ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    address: profile.address ?? '',
    date_of_birth: profile.date_of_birth?.slice(0, 10) ?? '',
    gender: profile.gender ?? '',
    otp_code: '',
  };
}

/** Spec section 5 removes the spaces before checking a phone. */
export function compactPhone(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** Whether the form holds another number than the profile: +84 and 0 forms are the same. */
export function isNewPhone(typed: string, stored: string | null): boolean {
  const national = (phone: string) => compactPhone(phone).replace(/^\+?84(?=\d{9,10}$)/, '0');
  return national(typed) !== national(stored ?? '');
}

export interface PhoneProof {
  /** The customer typed a number other than the stored one. */
  changed: boolean;
  /** A code went to the number now in the field. */
  codeSent: boolean;
}

export function phoneError(raw: string): string | null {
  const phone = compactPhone(raw);
  if (phone === '') return messages.phoneRequired;
  return PHONE_DIGITS.test(phone) ? null : messages.phoneInvalid;
}

export function validateProfile(
  kind: ProfileKind,
  values: ProfileFormValues,
  proof: PhoneProof,
): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (kind === 'customer') {
    if (values.full_name.trim() === '') errors.full_name = messages.fullNameRequired;
  } else {
    if (values.last_name.trim() === '') errors.last_name = messages.lastNameRequired;
    if (values.first_name.trim() === '') errors.first_name = messages.firstNameRequired;
  }
  const phone = phoneError(values.phone);
  if (phone) errors.phone = phone;
  else if (proof.changed && !proof.codeSent) errors.phone = messages.phoneNotVerified;
  else if (proof.changed) {
    const code = values.otp_code.trim();
    if (code === '') errors.otp_code = messages.otpRequired;
    else if (!OTP_DIGITS.test(code)) errors.otp_code = messages.otpInvalid;
  }
  const email = values.email.trim();
  // Staff accounts keep an email (registration requires one); a customer may have none.
  if (email === '' && kind === 'staff') errors.email = messages.emailRequired;
  else if (email !== '' && !EMAIL_SHAPE.test(email)) errors.email = messages.emailInvalid;
  return errors;
}

/** What the PUT carries: the customer's phone only when it changed, with its code. */
export function toProfileFields(
  kind: ProfileKind,
  values: ProfileFormValues,
  phoneChanged: boolean,
): ProfileFields {
  const common: ProfileFields = {
    email: values.email.trim(),
    address: values.address.trim(),
    date_of_birth: values.date_of_birth,
    ...(values.gender ? { gender: values.gender } : {}),
  };
  if (kind === 'staff') {
    return {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: compactPhone(values.phone),
      ...common,
    };
  }
  return {
    full_name: values.full_name.trim(),
    ...(phoneChanged
      ? { phone: compactPhone(values.phone), otp_code: values.otp_code.trim() }
      : {}),
    ...common,
  };
}

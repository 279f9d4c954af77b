import type { Profile } from '#contract/profile';
import type { ProfileKind } from '#src/api/profile';
import { vi } from '#src/i18n/vi';
import { compactPhone, emailError, otpError, phoneError } from '#src/lib/form-rules';
import type { ProfileFields } from './api/update-profile';

// The edit form's rules: spec section 5's phone, code and email rules (lib/form-rules.ts) and
// the name rules of the profile contract. The server re-checks everything; these only decide
// what is said before anything is sent.

const messages = vi.profile.validation;

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
    const code = otpError(values.otp_code);
    if (code) errors.otp_code = code;
  }
  // Staff accounts keep an email (registration requires one); a customer may have none.
  const email = emailError(values.email, { required: kind === 'staff' });
  if (email) errors.email = email;
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

import { vi } from '#src/i18n/vi';

// The form rules of spec section 5, as pure functions so the screens and their tests share one
// reading of them. The server re-checks everything (contract/auth.ts); these only decide what
// the user is told before anything is sent.

const messages = vi.auth.validation;

/** Spec section 9: the one-time code is 6 digits. */
export const OTP_LENGTH = 6;
/** Spec section 9: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

const PHONE_DIGITS = /^\d{10,11}$/;
const OTP_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);
// "Shaped like {email}": something, an @, a domain with a dot. The server applies the full rule.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isBlank = (value: string) => value.trim() === '';

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

function passwordError(password: string): string | null {
  if (isBlank(password)) return messages.passwordRequired;
  return password.length < PASSWORD_MIN_LENGTH ? messages.passwordTooShort : null;
}

export interface StaffLoginValues {
  username: string;
  password: string;
}

export type StaffLoginErrors = Partial<Record<keyof StaffLoginValues, string>>;

/** Spec section 5, 'Staff login': each field shows its own first problem. */
export function validateStaffLogin({ username, password }: StaffLoginValues): StaffLoginErrors {
  const errors: StaffLoginErrors = {};
  if (isBlank(username)) errors.username = messages.usernameOrEmailRequired;
  const password_ = passwordError(password);
  if (password_) errors.password = password_;
  return errors;
}

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The owner registration form of spec section 3. */
export interface RegisterValues {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  password: string;
  confirmPassword: string;
  gender: Gender;
}

export type RegisterField = keyof RegisterValues;

export const emptyRegisterValues: RegisterValues = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  password: '',
  confirmPassword: '',
  gender: 'male',
};

export interface FieldProblem<F extends string> {
  field: F;
  message: string;
}

/**
 * Spec section 5, 'Registration': checked in this order, and only the first failure is shown.
 * Every value is trimmed before the emptiness checks.
 */
export function firstRegisterProblem(values: RegisterValues): FieldProblem<RegisterField> | null {
  const checks: ReadonlyArray<[RegisterField, () => string | null]> = [
    ['username', () => (isBlank(values.username) ? messages.usernameRequired : null)],
    ['firstName', () => (isBlank(values.firstName) ? messages.firstNameRequired : null)],
    ['lastName', () => (isBlank(values.lastName) ? messages.lastNameRequired : null)],
    [
      'email',
      () => {
        if (isBlank(values.email)) return messages.emailRequired;
        return EMAIL_SHAPE.test(values.email.trim()) ? null : messages.emailInvalid;
      },
    ],
    ['phone', () => phoneError(values.phone)],
    ['address', () => (isBlank(values.address) ? messages.addressRequired : null)],
    ['password', () => passwordError(values.password)],
    [
      'confirmPassword',
      () => (values.confirmPassword === values.password ? null : messages.passwordMismatch),
    ],
  ];
  for (const [field, check] of checks) {
    const message = check();
    if (message) return { field, message };
  }
  return null;
}

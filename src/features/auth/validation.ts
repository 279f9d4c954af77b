import { vi } from '#src/i18n/vi';
import { emailError, phoneError } from '#src/lib/form-rules';

// The sign-in and registration rules of spec section 5 (the phone, code and email ones are
// every form's, in lib/form-rules.ts), as pure functions so the screens and their tests share
// one reading of them. The server re-checks everything (contract/auth.ts); these only decide
// what the user is told before anything is sent.

const messages = vi.auth.validation;

/** Spec section 9: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

const isBlank = (value: string) => value.trim() === '';

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
    ['email', () => emailError(values.email, { required: true })],
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

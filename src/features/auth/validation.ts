import { vi } from '#src/i18n/auth';
import { emailError, phoneError } from '#src/lib/form-rules';
import { isBlank, passwordError } from './staff-login-rules';

// The sign-in and registration rules of spec section 5 (the phone, code and email ones are
// every form's, in lib/form-rules.ts), as pure functions so the screens and their tests share
// one reading of them. The server re-checks everything (contract/auth.ts); these only decide
// what the user is told before anything is sent.

const messages = vi.auth.validation;

export {
  PASSWORD_MIN_LENGTH,
  validateStaffLogin,
  type StaffLoginErrors,
  type StaffLoginValues,
} from './staff-login-rules';

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

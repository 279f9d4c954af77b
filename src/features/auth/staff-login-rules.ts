import { staffLoginRules as messages } from '#src/i18n/sign-in';

// The staff sign-in's rules and the password rule registration shares, apart from the rest of
// validation.ts so that the sign-in script that runs before the app (src/first-load/
// early-sign-in.ts) checks a form exactly as the screen does without carrying the catalogue.

/** Spec section 9: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

export const isBlank = (value: string) => value.trim() === '';

export function passwordError(password: string): string | null {
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

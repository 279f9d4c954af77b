import type { Profile } from '#contract/profile';
import { vi } from '#src/i18n/vi';

const text = vi.profile;

/** A stored date (YYYY-MM-DD) as a Vietnamese reader writes it: dd/mm/yyyy. */
export function formatBirthDate(value: string | null): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

/**
 * Spec 2.15: male is shown as 'Nam' and female as 'Nữ'; 'other' is 'Khác', not 'Nữ': the spec's
 * two-way rule is a leftover of a form with two values (docs/decisions/023-gender-other.md). A
 * profile that never gave a gender (a new customer signed in by phone) says so instead of
 * guessing one.
 */
export function genderLabel(gender: Profile['gender']): string | null {
  if (gender == null) return null;
  if (gender === 'male') return text.male;
  return gender === 'female' ? text.female : text.other;
}

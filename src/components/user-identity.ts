import { vi } from '../i18n/vi';

/**
 * How a user is named on screen (spec 2.2, 2.15): the role in Vietnamese, the display name and
 * the one-letter avatar fallback. Shared by the top bar and the profile screen.
 */

export function roleLabel(role: string | null | undefined): string {
  switch (role) {
    case 'owner':
      return vi.roles.owner;
    case 'staff':
      return vi.roles.staff;
    case 'admin':
      return vi.roles.admin;
    default:
      // Spec section 3: anything that is not a staff-level role is a customer.
      return vi.roles.customer;
  }
}

export function displayName(name: unknown): string {
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : vi.layout.userFallback;
}

/** The first letter, whole: 'Đ' stays 'Đ', and a decomposed 'Ê' keeps its accent. */
export function initialOf(name: string): string {
  const first =
    name
      .trim()
      .normalize('NFC')
      .match(/^\P{M}\p{M}*/u)?.[0] ?? '';
  return first.toLocaleUpperCase('vi');
}

/** An avatar path from the session or a profile, or null when there is none. */
export function avatarOf(avatar: unknown): string | null {
  return typeof avatar === 'string' && avatar !== '' ? avatar : null;
}

import { vi } from '../i18n/first-screen';

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

/**
 * Whether the user has given a name of their own. A customer who has not is called by the phone
 * (contract/profile.ts): a name with no letter in it is a number, not a name, and its first digit
 * would be a meaningless avatar. Read from the name alone, so the server's render and the app's
 * agree.
 */
export function hasOwnName(name: unknown): name is string {
  return typeof name === 'string' && /\p{L}/u.test(name);
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

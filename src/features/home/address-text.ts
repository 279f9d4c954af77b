import { describeLocation, type UserLocation } from '#src/lib/location';

/** Spec section 9: the home shows the first 30 characters of the address. */
export const ADDRESS_PREVIEW_LENGTH = 30;

/**
 * The first `max` characters then '...' (spec 2.6). Counted in code points, so a Vietnamese
 * letter written with a combining mark is never cut in half as two UTF-16 units would be.
 */
export function truncateAddress(address: string, max = ADDRESS_PREVIEW_LENGTH): string {
  const characters = Array.from(address.normalize('NFC'));
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : address;
}

/** The address card's text: the stored address (or the coordinates), or null when unset. */
export function addressPreview(value: UserLocation | null): string | null {
  return value ? truncateAddress(describeLocation(value)) : null;
}

/**
 * Phones as people write them, without zod, so the client's form rules read a number exactly
 * as the server does (contract/fields.ts builds its schema on it).
 *
 * Spec section 5 takes 10 or 11 digits once the spaces are gone; people also group the digits
 * with dots, dashes or brackets ('0912.345.678', '0912-345-678', '(091) 234-5678') and write
 * the international form ('+84 912 345 678'). All of them are the national number
 * 0912345678, which is what the rule is applied to and what is stored.
 *
 * '84912345678' without the + is read as the international form too: a Vietnamese national
 * number always starts with 0, so digits starting with 84 cannot be one. The national 0 kept
 * after the country code ('+84 0912 345 678', a common slip) is dropped rather than refused.
 */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/[\s.\-()]/g, '');
  const international = /^\+?84(\d+)$/.exec(digits);
  if (international) {
    const rest = international[1]!;
    digits = rest.startsWith('0') ? rest : `0${rest}`;
  }
  return /^0\d{9,10}$/.test(digits) ? digits : null;
}

export const PHONE_REQUIRED = 'Vui lòng nhập số điện thoại';
export const PHONE_INVALID = 'Số điện thoại không hợp lệ';

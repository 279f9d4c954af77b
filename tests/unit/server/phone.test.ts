import { describe, expect, it } from 'vitest';
import { PhoneSchema } from '#contract/fields';
import { normalizePhone } from '#contract/phone';

/**
 * Phones as people write them (spec section 5: 10 or 11 digits once the spaces are gone):
 * grouped with dots, dashes or spaces, or in the international form, with or without the +
 * and with the national 0 written after the country code by mistake.
 */
describe('normalizePhone', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['0912 345 678', '0912345678'],
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['(091) 234-5678', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['84912345678', '0912345678'],
    ['84 912.345.678', '0912345678'],
    ['+84 0912 345 678', '0912345678'],
    ['(+84) 0912.345.678', '0912345678'],
    ['840912345678', '0912345678'],
    ['01234567890', '01234567890'],
    ['+84 1234 567 890', '01234567890'],
    ['\u00a00912\u00a0345\u00a0678\u00a0', '0912345678'],
  ])('reads %j as %s', (raw, national) => {
    expect(normalizePhone(raw)).toBe(national);
    expect(PhoneSchema.parse(raw)).toBe(national);
  });

  it.each([
    '091234567',
    '091234567890',
    '1912345678',
    '0912abc678',
    '+85 912 345 678',
    '+84 91234567',
    '8491234567',
    '0912/345/678',
    '++84912345678',
  ])('refuses %j with the spec message', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
    const parsed = PhoneSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Số điện thoại không hợp lệ');
  });
});

import { describe, expect, it } from 'vitest';
import {
  changedFields,
  couponToValues,
  emptyCouponValues,
  fromPickerTime,
  toPickerTime,
  validateCoupon,
  valuesToBody,
} from '#src/features/coupons/coupon-form-values';
import {
  couponState,
  couponValueWords,
  minOrderWords,
  usageWords,
  windowWords,
} from '#src/features/coupons/coupon-words';
import { makeCoupon } from '../../ui/coupon-fake-api';

const NOW = Date.parse('2026-11-27T05:00:00.000Z');

describe('the value in words', () => {
  it('writes a fixed amount in đồng', () => {
    expect(couponValueWords({ type: 'fixed', value: 20_000, max_discount: null })).toBe(
      'Giảm 20.000 ₫',
    );
  });

  it('writes a percent with its cap, or alone', () => {
    expect(couponValueWords({ type: 'percent', value: 10, max_discount: 30_000 })).toBe(
      'Giảm 10% tối đa 30.000 ₫',
    );
    expect(couponValueWords({ type: 'percent', value: 15, max_discount: null })).toBe('Giảm 15%');
  });

  it('writes the minimum, the window in Vietnam time and the usage', () => {
    expect(minOrderWords(50_000)).toBe('Đơn tối thiểu 50.000 ₫');
    expect(minOrderWords(0)).toBe('Mọi đơn hàng');
    expect(
      windowWords({ starts_at: '2026-12-01T01:00:00.000Z', ends_at: '2026-12-31T16:59:00.000Z' }),
    ).toBe('08:00 01/12/2026 – 23:59 31/12/2026');
    expect(windowWords({ starts_at: '2026-12-01T01:00:00.000Z', ends_at: null })).toBe(
      'Từ 08:00 01/12/2026, không thời hạn',
    );
    expect(usageWords({ used_count: 3, usage_limit: 100 })).toBe('Đã dùng 3/100');
    expect(usageWords({ used_count: 3, usage_limit: null })).toBe('Đã dùng 3');
  });
});

describe('the state badge', () => {
  it('tells running, not started, used up, paused and expired apart', () => {
    expect(couponState(makeCoupon(), NOW)).toBe('running');
    expect(couponState(makeCoupon({ starts_at: '2026-11-28T00:00:00.000Z' }), NOW)).toBe(
      'notStarted',
    );
    expect(couponState(makeCoupon({ usage_limit: 3, used_count: 3 }), NOW)).toBe('usedUp');
    expect(couponState(makeCoupon({ paused: true, usage_limit: 3, used_count: 3 }), NOW)).toBe(
      'paused',
    );
    // Ended is for good: it wins over a pause.
    expect(
      couponState(makeCoupon({ paused: true, ends_at: '2026-11-27T05:00:00.000Z' }), NOW),
    ).toBe('expired');
  });
});

describe('the form as a body', () => {
  it("reads the picker's wall-clock text as Vietnam time, whatever the device's zone", () => {
    expect(fromPickerTime('2026-12-01T08:00')).toBe('2026-12-01T08:00:00+07:00');
    expect(toPickerTime('2026-12-01T01:00:00.000Z')).toBe('2026-12-01T08:00');
    expect(toPickerTime(null)).toBe('');
    // Half-typed text goes to the contract's rule as it is.
    expect(fromPickerTime('2026-12-01')).toBe('2026-12-01');
  });

  it('sends empty optional fields as none, and a fixed discount without a cap', () => {
    const values = {
      ...emptyCouponValues(),
      code: 'GIAM20K',
      type: 'fixed' as const,
      value: 20_000,
      max_discount: 5_000,
    };
    expect(valuesToBody(values, 'staff')).toEqual({
      code: 'GIAM20K',
      type: 'fixed',
      value: 20_000,
      max_discount: null,
      min_order: 0,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: null,
      food_ids: null,
    });
    expect(valuesToBody(values, 'admin')).toMatchObject({ restaurant_id: null });
  });

  it("checks with the contract's schema of the scope", () => {
    const base = { ...emptyCouponValues(), code: 'GIAM', value: 10 };
    expect(validateCoupon(valuesToBody(base, 'staff'), 'staff')).toEqual({});
    expect(validateCoupon(valuesToBody({ ...base, code: 'ABC' }, 'staff'), 'staff')).toEqual({
      code: 'Mã giảm giá gồm 4 đến 20 chữ cái hoặc chữ số, không dấu',
    });
    expect(validateCoupon(valuesToBody({ ...base, value: 101 }, 'admin'), 'admin')).toEqual({
      value: 'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100',
    });
    expect(
      validateCoupon(valuesToBody({ ...base, type: 'fixed', value: '' }, 'staff'), 'staff'),
    ).toEqual({ value: 'Mức giảm phải là số tiền nguyên dương (đồng)' });
    expect(validateCoupon(valuesToBody({ ...base, min_order: -1 }, 'staff'), 'staff')).toEqual({
      min_order: 'Đơn hàng tối thiểu phải là số tiền nguyên không âm (đồng)',
    });
  });

  it('gives an edit only the fields that changed, cleared ones as null', () => {
    const coupon = makeCoupon({ usage_limit: 50, food_ids: [12] });
    const before = valuesToBody(couponToValues(coupon), 'staff');
    expect(changedFields(before, before)).toEqual({});
    const after = valuesToBody(
      { ...couponToValues(coupon), usage_limit: '', food_ids: ['12', '15'] },
      'staff',
    );
    expect(changedFields(before, after)).toEqual({ usage_limit: null, food_ids: [12, 15] });
  });
});

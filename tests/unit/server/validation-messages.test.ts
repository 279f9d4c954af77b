import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CartAddBodySchema } from '#contract/cart';
import { PageQuerySchema } from '#contract/catalogue';
import { fieldLabel, validationMessage } from '#server/lib/validation-messages';

/** The messages zod gives for `input`, with the API's map (as app.ts installs it). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input, { error: validationMessage });
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('the API validation messages', () => {
  it('names the field and states the range of a number', () => {
    const schema = z.object({ quantity: z.number().int().min(1).max(99) });
    for (const quantity of [0, 100, 1.5, 'hai', null]) {
      expect(messages(schema, { quantity }), String(quantity)).toEqual([
        'Số lượng phải là số nguyên từ 1 đến 99',
      ]);
    }
    expect(messages(z.object({ page: z.coerce.number().int().min(1) }), { page: '0' })).toEqual([
      'Trang phải là số nguyên từ 1 trở lên',
    ]);
    expect(messages(z.object({ amount: z.number().positive() }), { amount: 0 })).toEqual([
      'Số tiền phải là số lớn hơn 0',
    ]);
    expect(
      messages(z.object({ price: z.number().int().min(1000).max(10_000_000) }), { price: 1 }),
    ).toEqual(['Giá phải là số nguyên từ 1.000 đến 10.000.000']);
  });

  it("says too large or too small, not zod's safe-integer bound, when no limit was chosen", () => {
    const schema = z.object({ food_id: z.number().int() });
    expect(messages(schema, { food_id: 2 ** 60 })).toEqual(['Món quá lớn']);
    expect(messages(schema, { food_id: -(2 ** 60) })).toEqual(['Món quá nhỏ']);
    expect(messages(schema, { food_id: 'x' })).toEqual(['Món phải là số nguyên']);
  });

  it('asks for a missing field and says which type a wrong one should have', () => {
    const schema = z.object({
      phone_number: z.string(),
      email: z.string(),
      available: z.boolean(),
      topping_ids: z.array(z.number()),
      opening_hours: z.object({}),
    });
    expect(
      messages(schema, { email: 1, available: 'yes', topping_ids: {}, opening_hours: [] }),
    ).toEqual([
      'Vui lòng nhập số điện thoại',
      'Email phải là chuỗi ký tự',
      'Trạng thái món phải là true hoặc false',
      'Topping phải là một danh sách',
      'Giờ mở cửa phải là một đối tượng JSON',
    ]);
    expect(messages(schema, [])).toEqual(['Dữ liệu gửi lên phải là một đối tượng JSON']);
  });

  it('speaks of lengths in characters and of lists in items', () => {
    const schema = z.object({
      comment: z.string().max(5),
      name: z.string().min(1),
      password: z.string().min(6),
      ids: z.array(z.number()).min(1).max(2),
    });
    expect(messages(schema, { comment: 'dài quá', name: '', password: 'abc', ids: [] })).toEqual([
      'Nhận xét tối đa 5 ký tự',
      'Vui lòng nhập tên',
      'Mật khẩu phải có ít nhất 6 ký tự',
      'Các mã cần ít nhất một mục',
    ]);
    expect(
      messages(schema, { comment: '', name: 'a', password: 'abcdef', ids: [1, 2, 3] }),
    ).toEqual(['Các mã tối đa 2 mục']);
  });

  it('names an element of a list, choices, formats and unknown keys', () => {
    expect(
      messages(z.object({ topping_ids: z.array(z.number()) }), { topping_ids: [1, 'a'] }),
    ).toEqual(['Mỗi mục của topping phải là số']);
    expect(messages(z.object({ gender: z.enum(['male', 'female']) }), { gender: 'x' })).toEqual([
      'Giới tính phải là một trong: male, female',
    ]);
    expect(messages(z.object({ email: z.email() }), { email: 'a@' })).toEqual([
      'Email không hợp lệ',
    ]);
    expect(messages(z.object({ code: z.string().regex(/^\d+$/) }), { code: 'x' })).toEqual([
      'Mã giảm giá không đúng định dạng',
    ]);
    expect(messages(z.strictObject({ q: z.string() }), { q: 'a', extra: 1, more: 2 })).toEqual([
      'Không nhận trường: extra, more',
    ]);
  });

  it("keeps every message a contract sets itself (the spec's wording)", () => {
    expect(messages(CartAddBodySchema, { food_id: 2 ** 31, quantity: 0 })).toEqual([
      'Mã không hợp lệ',
      'Số lượng phải là số nguyên từ 1 đến 99',
    ]);
    // 1e300 fails two checks (a safe integer, at most 100,000) with one message; the error
    // handler lists it once.
    expect(new Set(messages(PageQuerySchema, { page: '1e300', per_page: '51' }))).toEqual(
      new Set(['Số trang phải là số nguyên dương', 'Số mục mỗi trang phải từ 1 đến 50']),
    );
  });

  it('labels a field it does not know by its name, and the body without one', () => {
    expect(fieldLabel(['mystery'])).toBe('Trường mystery');
    expect(fieldLabel([])).toBe('Dữ liệu gửi lên');
    expect(fieldLabel(['toppings', 0, 'price'])).toBe('Giá');
  });
});

import { z } from 'zod';
import { idSchema } from './numbers';
import { LINE_NOTE_MAX, LINE_NOTE_MESSAGE } from './option-words';

export { LINE_NOTE_MAX, LINE_NOTE_MESSAGE, TOPPINGS_GROUP_NAME } from './option-words';

// Option groups of a dish: 'Size' (M / L), 'Đá' (0% / 50% / 100%), 'Độ chín' (Tái / Chín /
// Tái lăn). A group asks for between `min_select` and `max_select` of its options; a required
// single choice is 1/1, an optional multi-choice 0/n. The spec's toppings are one more optional
// group of the dish that keeps its own spec fields (`toppings`, `topping_ids`); option ids and
// topping ids are one id space, so `option_ids` may name either.

export const OPTION_GROUPS_MAX = 10;
export const OPTIONS_PER_GROUP_MAX = 20;
export const OPTION_NAME_MAX = 100;
export const OPTION_PRICE_MAX = 1_000_000;
export const OPTION_PRICE_MESSAGE = 'Giá lựa chọn phải là số nguyên từ 0 ₫ đến 1.000.000 ₫';

export const OptionInputSchema = z.object({
  /** Keeps an existing option of this dish (and its meaning in past carts and orders). */
  id: idSchema('Mã lựa chọn không hợp lệ').optional(),
  name: z
    .string({ error: 'Vui lòng nhập tên lựa chọn' })
    .trim()
    .min(1, 'Vui lòng nhập tên lựa chọn')
    .max(OPTION_NAME_MAX, `Tên lựa chọn tối đa ${OPTION_NAME_MAX} ký tự`),
  price: z
    .number({ error: OPTION_PRICE_MESSAGE })
    .int(OPTION_PRICE_MESSAGE)
    .min(0, OPTION_PRICE_MESSAGE)
    .max(OPTION_PRICE_MAX, OPTION_PRICE_MESSAGE),
  available: z.boolean({ error: 'Trạng thái lựa chọn không hợp lệ' }).default(true),
});

const SELECT_MESSAGE = `Số lựa chọn phải là số nguyên từ 0 đến ${OPTIONS_PER_GROUP_MAX}`;

export const OptionGroupInputSchema = z
  .object({
    id: idSchema('Mã nhóm lựa chọn không hợp lệ').optional(),
    name: z
      .string({ error: 'Vui lòng nhập tên nhóm lựa chọn' })
      .trim()
      .min(1, 'Vui lòng nhập tên nhóm lựa chọn')
      .max(OPTION_NAME_MAX, `Tên nhóm lựa chọn tối đa ${OPTION_NAME_MAX} ký tự`),
    min_select: z
      .number({ error: SELECT_MESSAGE })
      .int(SELECT_MESSAGE)
      .min(0, SELECT_MESSAGE)
      .max(OPTIONS_PER_GROUP_MAX, SELECT_MESSAGE),
    max_select: z
      .number({ error: SELECT_MESSAGE })
      .int(SELECT_MESSAGE)
      .min(1, 'Số lựa chọn tối đa phải từ 1 trở lên')
      .max(OPTIONS_PER_GROUP_MAX, SELECT_MESSAGE),
    options: z
      .array(OptionInputSchema, { error: 'Danh sách lựa chọn không hợp lệ' })
      .min(1, 'Mỗi nhóm cần ít nhất một lựa chọn')
      .max(OPTIONS_PER_GROUP_MAX, `Mỗi nhóm tối đa ${OPTIONS_PER_GROUP_MAX} lựa chọn`),
  })
  .superRefine((group, ctx) => {
    if (group.min_select > group.max_select) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_select'],
        message: 'Số lựa chọn tối thiểu không được lớn hơn tối đa',
      });
    }
    if (group.min_select > group.options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_select'],
        message: 'Số lựa chọn tối thiểu vượt quá số lựa chọn của nhóm',
      });
    }
  });

/** The whole list of a dish's groups (toppings aside), in order; what is left out is removed. */
export const OptionGroupsInputSchema = z
  .array(OptionGroupInputSchema, { error: 'Danh sách nhóm lựa chọn không hợp lệ' })
  .max(OPTION_GROUPS_MAX, `Tối đa ${OPTION_GROUPS_MAX} nhóm lựa chọn`);

/** An option as customers see it; `available` is false while it is off or sold out today. */
export const OptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  available: z.boolean(),
});

export const OptionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  min_select: z.number().int(),
  max_select: z.number().int(),
  options: z.array(OptionSchema),
});

/**
 * The staff view: `available` is the owner's switch, as the form sends it back, and
 * `available_again_at` is set while the option is sold out for today (it comes back by itself
 * then).
 */
export const StaffOptionSchema = OptionSchema.extend({
  available_again_at: z.string().nullable(),
});

export const StaffOptionGroupSchema = OptionGroupSchema.extend({
  options: z.array(StaffOptionSchema),
});

/** One choice of a cart line or an order item, by group name, as priced (toppings included). */
export const LineOptionSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  price: z.number().int(),
});

/** Plain text; markup is kept as typed and shown as text. Blank means no note. */
export const LineNoteSchema = z
  .string({ error: 'Ghi chú không hợp lệ' })
  .trim()
  .max(LINE_NOTE_MAX, LINE_NOTE_MESSAGE);

/**
 * PUT /api/staff/foods/{id}/sold-out/ and .../options/{option_id}/sold-out/: 'Hết món hôm nay'
 * (true: unavailable until the restaurant's next opening) or back on sale now (false).
 */
export const SoldOutBodySchema = z.object({
  sold_out: z.boolean({ error: 'Trạng thái hết món không hợp lệ' }),
});

export type SoldOutBody = z.infer<typeof SoldOutBodySchema>;
export type OptionInput = z.input<typeof OptionInputSchema>;
export type OptionGroupInput = z.input<typeof OptionGroupInputSchema>;
export type Option = z.infer<typeof OptionSchema>;
export type OptionGroup = z.infer<typeof OptionGroupSchema>;
export type StaffOption = z.infer<typeof StaffOptionSchema>;
export type StaffOptionGroup = z.infer<typeof StaffOptionGroupSchema>;
export type LineOption = z.infer<typeof LineOptionSchema>;

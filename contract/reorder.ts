import { z } from 'zod';
import { CartSchema } from './cart';
import { okReply } from './envelope';
import { LatSchema, LonSchema } from './geo';

// 'Đặt lại': the lines of a completed or cancelled order go back into the cart at today's
// prices, through the cart's own rules, with a notice for every line that changed.

/** Only these statuses can be ordered again; another is a 409 ORDER_NOT_REORDERABLE. */
export const REORDERABLE_STATUSES = ['completed', 'cancelled'] as const;

export const ORDER_NOT_REORDERABLE_MESSAGE = 'Chỉ có thể đặt lại đơn đã giao hoặc đã hủy';
/** REORDER_NOTHING_LEFT when only the cart's own limits kept every line out. */
export const REORDER_CART_FULL_MESSAGE =
  'Giỏ hàng đã đến giới hạn nên chưa thêm được món nào của đơn này. Giỏ hàng của bạn vẫn giữ nguyên.';
export const REORDER_NOTHING_LEFT_MESSAGE =
  'Các món trong đơn này hiện không còn bán, chưa thể đặt lại. Giỏ hàng của bạn vẫn giữ nguyên.';

/**
 * POST /api/customer/orders/{id}/reorder/. `replace: true` answers the spec's other-restaurant
 * question with yes: the cart is emptied first. Without it a cart holding another restaurant's
 * dishes is a 409 CART_OTHER_RESTAURANT, and nothing changes. A cart holding dishes of the same
 * restaurant keeps them, and equal lines add up. `lat`/`lon` (together) are checked against the
 * restaurant's delivery area, as adding to the cart does.
 */
export const ReorderBodySchema = z
  .object({
    replace: z.boolean({ error: 'Giá trị thay giỏ hàng không hợp lệ' }).default(false),
    lat: LatSchema.optional(),
    lon: LonSchema.optional(),
  })
  .refine((b) => (b.lat === undefined) === (b.lon === undefined), {
    message: 'Cần cả vĩ độ và kinh độ',
    path: ['lat'],
  });

const vnd = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;

/** The notices' sentences, one per cause; `dish` is the dish's name as on the menu today. */
export const reorderReasons = {
  /** Deleted or switched off by the kitchen. */
  gone: (dish: string) => `${dish}: món hiện không khả dụng`,
  soldOut: (dish: string) => `${dish}: món đã hết hôm nay`,
  optionSoldOut: (dish: string, option: string) => `${dish}: lựa chọn "${option}" đã hết`,
  /** The choice was removed from the menu, or moved to a group the line cannot keep. */
  optionGone: (dish: string, option: string) => `${dish}: lựa chọn "${option}" không còn`,
  /** The dish asks a choice now (a required group added since, or a group's limit changed). */
  choose: (dish: string) => `${dish}: món có lựa chọn mới, hãy chọn lại trên trang món`,
  limit: (dish: string, added: number) =>
    added > 0
      ? `${dish}: chỉ thêm được ${added} phần vì giỏ hàng đã đến giới hạn`
      : `${dish}: không thêm được vì giỏ hàng đã đến giới hạn`,
  price: (dish: string, paid: number, today: number) =>
    `${dish}: giá đã đổi từ ${vnd(paid)} thành ${vnd(today)}`,
};

/**
 * Why one line of the old order came back changed or not at all.
 * - `unavailable`: not added (the dish was deleted, switched off or sold out, or one of its
 *   choices is gone, off or sold out, or the dish asks a choice it did not ask then).
 * - `limit`: not added, or added with fewer portions (the cart's per-dish or line limit).
 * - `price`: added, at today's price, which differs from the price paid.
 * `reason` is the sentence to show, naming the dish ('Phở bò tái: món đã ngừng bán').
 */
export const ReorderNoticeSchema = z.object({
  food_id: z.number().int(),
  food_name: z.string(),
  kind: z.enum(['unavailable', 'limit', 'price']),
  reason: z.string(),
});

/**
 * The whole cart after the reorder, plus its notices in the order's line order. When no line
 * could be added the reply is a 409 REORDER_NOTHING_LEFT instead and the cart is unchanged.
 * A restaurant that does not take orders now refuses the whole reorder with the cart's own
 * errors (RESTAURANT_PAUSED, RESTAURANT_BUSY with its reopening time, RESTAURANT_CLOSED with
 * its reopening time, OUT_OF_DELIVERY_AREA).
 */
export const ReorderResultSchema = CartSchema.extend({
  notices: z.array(ReorderNoticeSchema),
});

export const ReorderReplySchema = okReply(ReorderResultSchema);

export type ReorderBody = z.infer<typeof ReorderBodySchema>;
export type ReorderNotice = z.infer<typeof ReorderNoticeSchema>;
export type ReorderResult = z.infer<typeof ReorderResultSchema>;

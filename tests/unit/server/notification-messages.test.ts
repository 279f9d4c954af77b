import { describe, expect, it } from 'vitest';
import {
  newReviewMessage,
  orderCancelledForStaffMessage,
  orderCancelledMessage,
  orderPaidMessage,
  restaurantPausedMessage,
  restaurantRejectedMessage,
  restaurantResumedMessage,
} from '#server/modules/notifications/notifications.messages';

const ORDER = { id: 42, restaurant_name: 'Phở Hàng Bạc', total_amount: 1_250_000, item_count: 12 };

describe('notification messages', () => {
  it('formats the total in đồng the way the client does', () => {
    expect(orderPaidMessage(ORDER)).toEqual({
      kind: 'order.paid',
      title: 'Có đơn mới #42',
      body: '1.250.000 ₫ · 12 món',
      url: '/orders/42',
      tag: 'order-42',
    });
  });

  it('names the refund only when money went back', () => {
    expect(orderCancelledMessage(ORDER, 'Hết món', 85_000).title).toBe(
      'Đơn #42 đã hủy, 85.000 ₫ đã hoàn về ví',
    );
    expect(orderCancelledMessage(ORDER, 'Hết món', 0).title).toBe('Đơn #42 đã hủy');
    expect(orderCancelledForStaffMessage(ORDER, 'Khách yêu cầu hủy', 0).body).toBe(
      'Lý do: Khách yêu cầu hủy',
    );
  });

  it("cuts a customer's long text to 100 characters and leaves out an empty comment", () => {
    const quotedOf = (comment: string) => {
      const body = newReviewMessage({ id: 7, rating: 5, comment, food_name: 'Phở bò' }).body;
      return body.slice(body.indexOf('“') + 1, body.indexOf('”'));
    };
    const exact = 'ngon'.repeat(25);
    expect(quotedOf(exact)).toBe(exact);
    const long = 'a'.repeat(98) + '😋😋😋';
    // 99 code points kept (the emoji whole), then the ellipsis: 100 in all.
    expect(quotedOf(long)).toBe(`${'a'.repeat(98)}😋…`);
    expect(quotedOf('Rất ngon '.repeat(20))).toBe(`${'Rất ngon '.repeat(11).trimEnd()}…`);
    expect(newReviewMessage({ id: 8, rating: 3, comment: '  ', food_name: 'Phở bò' }).body).toBe(
      '3/5 sao cho Phở bò',
    );
  });

  it("tells an owner of an admin's pause and resume, the reason cut like any quoted text", () => {
    const restaurant = { id: 5, name: 'Bún Chả Hương Liên' };
    expect(restaurantPausedMessage(restaurant, 'Bán hàng giả')).toEqual({
      kind: 'restaurant.paused',
      title: 'Nhà hàng Bún Chả Hương Liên bị tạm ngưng: Bán hàng giả',
      body: 'Quán không nhận đơn cho đến khi quản trị viên cho hoạt động trở lại.',
      url: '/staff/restaurant',
      tag: 'restaurant-5',
    });
    expect(restaurantResumedMessage(restaurant)).toMatchObject({
      kind: 'restaurant.resumed',
      title: 'Nhà hàng Bún Chả Hương Liên đã hoạt động trở lại',
      tag: 'restaurant-5',
    });
    expect(restaurantRejectedMessage(restaurant, 'x'.repeat(500)).title).toBe(
      `Nhà hàng Bún Chả Hương Liên bị từ chối: ${'x'.repeat(99)}…`,
    );
  });
});

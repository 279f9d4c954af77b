import { formatVnd } from '#server/lib/format-vnd';

/**
 * What each notification says (Vietnamese, like every server message), in one place. The
 * words follow the spec's: an order's statuses are 'Đã nhận đơn', 'Đã xong món' and 'Đã giao'
 * (section 4); a restaurant is 'Đã duyệt' or 'Từ chối'. `url` is an in-app path (section 2.1)
 * and `tag` names the subject, so a newer push about it replaces the older one on a device.
 */
export interface NotificationMessage {
  /** What happened, for the record and the push worker ('order.accepted'). */
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The longest piece of a customer's own text (a review) quoted in a notification. */
const QUOTE_MAX = 100;

/** Counted in code points, so an emoji is never cut in half. */
function quote(text: string): string {
  const chars = Array.from(text.trim());
  if (chars.length <= QUOTE_MAX) return chars.join('');
  return `${chars
    .slice(0, QUOTE_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/** An order as its notifications describe it. */
export interface OrderNotice {
  id: number;
  restaurant_name: string;
  total_amount: number;
  item_count: number;
}

const orderLink = (id: number) => ({ url: `/orders/${id}`, tag: `order-${id}` });

/** To the restaurant's team: a paid order is a new one for the kitchen. */
export function orderPaidMessage(order: OrderNotice): NotificationMessage {
  return {
    kind: 'order.paid',
    title: `Có đơn mới #${order.id}`,
    body: `${formatVnd(order.total_amount)} · ${order.item_count} món`,
    ...orderLink(order.id),
  };
}

export function orderAcceptedMessage(order: OrderNotice): NotificationMessage {
  return {
    kind: 'order.accepted',
    title: `Quán đã nhận đơn #${order.id}`,
    body: `${order.restaurant_name} đang chuẩn bị món cho bạn.`,
    ...orderLink(order.id),
  };
}

/** Done is 'cooked and delivering' on the customer's progress (spec 2.14). */
export function orderDoneMessage(order: OrderNotice): NotificationMessage {
  return {
    kind: 'order.done',
    title: `Đơn #${order.id} đã xong món`,
    body: `${order.restaurant_name} đã nấu xong, đơn đang được giao đến bạn.`,
    ...orderLink(order.id),
  };
}

export function orderCompletedMessage(order: OrderNotice): NotificationMessage {
  return {
    kind: 'order.completed',
    title: `Đơn #${order.id} đã giao`,
    body: `Chúc bạn ngon miệng! Hãy đánh giá món ăn của ${order.restaurant_name}.`,
    ...orderLink(order.id),
  };
}

/** To the customer; `refunded` is what went back to their wallet (0 when nothing was paid). */
export function orderCancelledMessage(
  order: OrderNotice,
  reason: string,
  refunded: number,
): NotificationMessage {
  return {
    kind: 'order.cancelled',
    title:
      refunded > 0
        ? `Đơn #${order.id} đã hủy, ${formatVnd(refunded)} đã hoàn về ví`
        : `Đơn #${order.id} đã hủy`,
    body: `Lý do: ${quote(reason)}`,
    ...orderLink(order.id),
  };
}

/** To the restaurant's team, for an order they had already been told of (it was paid). */
export function orderCancelledForStaffMessage(
  order: OrderNotice,
  reason: string,
  refunded: number,
): NotificationMessage {
  const refund = refunded > 0 ? `${formatVnd(refunded)} đã hoàn cho khách. ` : '';
  return {
    kind: 'order.cancelled',
    title: `Đơn #${order.id} đã hủy`,
    body: `${refund}Lý do: ${quote(reason)}`,
    ...orderLink(order.id),
  };
}

/** The wallet is shown on the profile (spec 2.15). */
const WALLET_URL = '/profile';

export function depositSucceededMessage(paymentId: number, amount: number): NotificationMessage {
  return {
    kind: 'wallet.deposit',
    title: 'Nạp tiền thành công',
    body: `${formatVnd(amount)} đã được nạp vào ví của bạn.`,
    url: WALLET_URL,
    tag: `payment-${paymentId}`,
  };
}

/** The bank reference lets the owner find the transfer on their bank statement. */
export function withdrawalPaidMessage(
  withdrawalId: number,
  amount: number,
  reference: string,
): NotificationMessage {
  return {
    kind: 'withdrawal.paid',
    title: 'Rút tiền thành công',
    body: `${formatVnd(amount)} đã được chuyển đến bạn. Mã giao dịch: ${quote(reference)}`,
    url: WALLET_URL,
    tag: `withdrawal-${withdrawalId}`,
  };
}

export function withdrawalRejectedMessage(
  withdrawalId: number,
  amount: number,
  reason: string,
): NotificationMessage {
  return {
    kind: 'withdrawal.rejected',
    title: 'Yêu cầu rút tiền bị từ chối',
    body: `${formatVnd(amount)} đã hoàn về ví. Lý do: ${quote(reason)}`,
    url: WALLET_URL,
    tag: `withdrawal-${withdrawalId}`,
  };
}

const restaurantLink = (id: number) => ({ url: '/staff/restaurant', tag: `restaurant-${id}` });

/**
 * To the owner, of each admin decision on their restaurant: the title says the decision and
 * its reason in the words the console uses, the body what it means for their orders.
 */
export function restaurantApprovedMessage(restaurant: {
  id: number;
  name: string;
}): NotificationMessage {
  return {
    kind: 'restaurant.approved',
    title: `Nhà hàng ${restaurant.name} đã được duyệt`,
    body: 'Khách hàng có thể đặt món từ bây giờ.',
    ...restaurantLink(restaurant.id),
  };
}

export function restaurantRejectedMessage(
  restaurant: { id: number; name: string },
  reason: string,
): NotificationMessage {
  return {
    kind: 'restaurant.rejected',
    title: `Nhà hàng ${restaurant.name} bị từ chối: ${quote(reason)}`,
    body: 'Khách hàng không còn thấy nhà hàng. Sửa thông tin nhà hàng để gửi duyệt lại.',
    ...restaurantLink(restaurant.id),
  };
}

export function restaurantPausedMessage(
  restaurant: { id: number; name: string },
  reason: string,
): NotificationMessage {
  return {
    kind: 'restaurant.paused',
    title: `Nhà hàng ${restaurant.name} bị tạm ngưng: ${quote(reason)}`,
    body: 'Quán không nhận đơn cho đến khi quản trị viên cho hoạt động trở lại.',
    ...restaurantLink(restaurant.id),
  };
}

export function restaurantResumedMessage(restaurant: {
  id: number;
  name: string;
}): NotificationMessage {
  return {
    kind: 'restaurant.resumed',
    title: `Nhà hàng ${restaurant.name} đã hoạt động trở lại`,
    body: 'Quán nhận đơn trở lại từ bây giờ.',
    ...restaurantLink(restaurant.id),
  };
}

export function newReviewMessage(review: {
  id: number;
  rating: number;
  comment: string;
  food_name: string;
}): NotificationMessage {
  const comment = quote(review.comment);
  return {
    kind: 'review.created',
    title: 'Có đánh giá mới',
    body: `${review.rating}/5 sao cho ${review.food_name}${comment ? `: “${comment}”` : ''}`,
    url: '/staff/reviews',
    tag: `review-${review.id}`,
  };
}

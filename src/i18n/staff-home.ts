import { vi as firstScreen } from './first-screen';
import { formatWhole } from './numbers';

/**
 * The part of the catalogue (vi.ts) that the staff home shows: the dashboard, its new-order
 * ringer and busy pause, and the orders' status words. A staff member signing in on a slow
 * phone waits for the dashboard's chunks; this keeps the whole catalogue (some 12 KB of gzip)
 * out of them. The same `vi.group.entry` shape as the whole catalogue, which spreads these
 * groups into its own, as first-screen.ts does for the customer's first screen.
 */
export const vi = {
  // The live connection (docs/decisions/019): its state, the customer's order news and the
  // staff tablet's new-order ringer.
  live: {
    connection: 'Kết nối',
    status: {
      live: 'Trực tiếp',
      connecting: 'Đang kết nối lại',
      offline: 'Ngoại tuyến',
    },
    // Toasts on the customer's order page as the restaurant moves the order on.
    orderToastTitle: (id: number, status: string) => `Đơn hàng #${id}: ${status}`,
    orderToast: {
      pending: 'Đơn hàng đang chờ thanh toán',
      paid: 'Đơn hàng đã được thanh toán, chờ quán nhận',
      accepted: 'Quán đã nhận đơn và đang chuẩn bị món',
      done: 'Quán đã xong món, đơn đang được giao',
      completed: 'Đơn hàng đã giao, chúc bạn ngon miệng!',
      cancelled: 'Đơn hàng đã bị hủy',
    },
    newOrder: (id: number) => `Đơn mới #${id}`,
    moreNewOrders: (count: number) => `và ${formatWhole(count)} đơn mới khác`,
    newOrderTotal: (amount: string) => `Tổng tiền ${amount}`,
    openOrder: 'Xem đơn',
    enableSound: 'Bật chuông',
    sound: 'Chuông',
    soundOn: 'Chuông: bật',
    soundOff: 'Chuông: tắt',
    notificationsOn: 'Thông báo: bật',
    notificationsOff: 'Thông báo: tắt',
    notificationsUnsupported: 'Thông báo: không hỗ trợ',
    waitingTitle: (count: number, title: string) => `(${count}) ${title}`,
  },
  // The staff home at / (spec 2.17, section 9 'Dashboard'). The title, the active
  // badge, the loading text and the orders button are the spec's, to the letter.
  dashboard: {
    ...firstScreen.dashboard,
    title: 'Bảng điều khiển',
    active: 'Đang hoạt động',
    paused: 'Tạm ngừng',
    stats: 'Số liệu tháng này',
    revenue: 'Doanh thu tháng này',
    orderCount: 'Đơn hàng tháng này',
    averageRating: 'Đánh giá trung bình',
    totalReviews: 'Tổng số đánh giá',
    noRating: 'Chưa có',
    atLeast: (count: string) => `${count}+`,
    noData: 'Không có dữ liệu',
    chartTitle: 'Doanh thu và số đơn theo ngày',
    revenueSeries: 'Doanh thu',
    ordersSeries: 'Số đơn',
    revenueAxis: 'Doanh thu (₫)',
    ordersAxis: 'Số đơn',
    // The revenue axis' ticks: '25 nghìn', '1,2 triệu', '1,5 tỷ'.
    axisUnits: {
      thousands: (count: string) => `${count} nghìn`,
      millions: (count: string) => `${count} triệu`,
      billions: (count: string) => `${count} tỷ`,
    },
    day: (day: string) => `Ngày ${day}`,
    quickActions: 'Truy cập nhanh',
    manageMenu: 'Quản lý món ăn',
    manageMenuHint: 'Thêm, sửa, bật hoặc tắt món',
    restaurantInfo: 'Thông tin nhà hàng',
    restaurantInfoHint: 'Địa chỉ, giờ mở cửa và trạng thái hoạt động',
    customerReviews: 'Đánh giá của khách hàng',
    customerReviewsHint: 'Xem khách hàng nói gì về món ăn',
    coupons: 'Khuyến mãi',
    couponsHint: 'Tạo và quản lý mã giảm giá của quán',
    recentOrders: 'Đơn hàng gần đây',
    noOrders: 'Chưa có đơn hàng nào',
    orderNumber: (id: number) => `Đơn #${id}`,
    allOrders: 'Xem tất cả đơn hàng',
    noRestaurant: 'Bạn chưa có nhà hàng',
    noRestaurantHint:
      'Chủ quán hãy tạo nhà hàng; nhân viên nhờ chủ quán liên kết tài khoản để bắt đầu nhận đơn.',
    linkRestaurant: 'Tạo hoặc liên kết nhà hàng',
  },
  // The orders' words the dashboard and its ringer show (the rest are in vi.ts).
  orders: {
    status: {
      pending: 'Chờ thanh toán/duyệt',
      paid: 'Đã thanh toán',
      accepted: 'Đã nhận đơn',
      done: 'Đã xong món',
      completed: 'Đã giao',
      cancelled: 'Đã hủy',
    },
    accept: 'Nhận đơn',
    accepted: 'Đã nhận đơn',
    actionFailed: 'Thao tác thất bại',
  },
  // The busy pause of the dashboard and /staff/restaurant.
  staffRestaurant: {
    pause: {
      title: 'Tạm ngưng nhận đơn',
      hint: 'Quán đông quá? Tạm ngưng một lúc, quán tự nhận đơn lại khi hết giờ.',
      minutes: (minutes: number) => `${minutes} phút`,
      untilNextOpening: 'Đến giờ mở cửa tiếp theo',
      paused: 'Đang tạm ngưng nhận đơn',
      remaining: 'Còn lại',
      reopensAt: (time: string) => `Mở lại lúc ${time}`,
      reopenNow: 'Mở lại ngay',
      pausedToast: 'Đã tạm ngưng nhận đơn',
      reopenedToast: 'Đã mở lại nhận đơn',
    },
  },
};

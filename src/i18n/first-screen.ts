/**
 * The part of the catalogue (vi.ts) that the first screen shows: the signed-in frame, the
 * sign-in card, the customer home and its dish cards, the toasts and the cart's messages. The
 * modules of the first load and of the home screen import `vi` from here, so that the rest of
 * the catalogue (some 7 KB of gzip) loads with the screens that use it (decision 033). The
 * same `vi.group.entry` shape as the whole catalogue, which spreads these groups into its own:
 * a module moves from one to the other by its import line alone, and tests read either.
 *
 * A string goes here when a module of the first load shows it; the build's budget
 * (scripts/check-budgets.mjs) tells when the whole catalogue has slipped back in.
 */
import { signInText } from './sign-in';

export const vi = {
  app: {
    name: 'Món Ngon',
    tagline: 'Đặt món ngon, giao tận nơi',
    // Error boundary of the router: shown when a screen fails to load or render.
    crashed: 'Đã có lỗi xảy ra. Vui lòng tải lại trang.',
    reload: 'Tải lại',
    // Every toast's and dialog's close button.
    close: 'Đóng',
  },
  // Role names as the top bar and the profile show them (spec 2.2, 2.15).
  roles: {
    customer: 'Khách hàng',
    owner: 'Chủ quán',
    staff: 'Nhân viên',
    admin: 'Quản trị viên',
  },
  // The signed-in frame of spec 2.2.
  layout: {
    mainNav: 'Điều hướng chính',
    bottomNav: 'Điều hướng nhanh',
    home: 'Trang chủ',
    dashboard: 'Tổng quan',
    orders: 'Đơn hàng',
    collections: 'Bộ sưu tập',
    profile: 'Tài khoản',
    cart: 'Giỏ hàng',
    menu: 'Thực đơn',
    reviews: 'Đánh giá',
    coupons: 'Khuyến mãi',
    // The admin console's sections.
    adminRestaurants: 'Nhà hàng',
    adminWithdrawals: 'Rút tiền',
    adminUsers: 'Người dùng',
    adminCoupons: 'Mã giảm giá',
    adminMoney: 'Dòng tiền',
    adminAudit: 'Nhật ký',
    cartWithCount: (count: number) => `Giỏ hàng, ${count} món`,
    notifications: (count: string) => `Thông báo, ${count} mới`,
    noNotifications: 'Thông báo, không có thông báo mới',
    toDark: 'Chuyển sang giao diện tối',
    toLight: 'Chuyển sang giao diện sáng',
    logout: 'Đăng xuất',
    userFallback: 'Người dùng',
  },
  // spec section 8, "General".
  toast: {
    success: 'Thành công',
    warning: 'Cảnh báo',
    close: 'Đóng thông báo',
  },
  http: {
    noResponse: signInText.noResponse,
    status: (status: number) => `HTTP ${status}`,
  },
  offline: {
    banner: 'Bạn đang ngoại tuyến. Một số chức năng cần có mạng.',
  },
  format: {
    currency: '₫',
    metres: 'm',
    kilometres: 'km',
  },
  // The dish card shared by the home grid and the restaurant menu (spec 2.6).
  dishCard: {
    soldOut: 'Hết hàng',
    distance: 'Khoảng cách',
    price: 'Giá',
  },
  // The heart of dish cards, the dish page and the restaurant page: the label stays, the
  // pressed state says whether the item is in the customer's collection.
  favorites: {
    saveFood: 'Lưu món vào bộ sưu tập',
    saveRestaurant: 'Lưu quán vào bộ sưu tập',
  },
  // The customer home at / (spec 2.6, section 4 'Home list').
  home: {
    title: 'Món ngon quanh bạn',
    search: 'Tìm kiếm món ăn',
    searchPlaceholder: 'Tìm kiếm món ăn...',
    searchSubmit: 'Tìm',
    addressButton: 'Địa chỉ',
    deliverTo: 'Giao đến',
    addressUnset: 'Chưa thiết lập',
    updateAddress: 'Cập nhật',
    updateAddressLabel: 'Cập nhật địa chỉ giao hàng',
    categories: 'Danh mục',
    allCategories: 'Tất cả',
    dishes: 'Món ăn gần bạn',
    loading: 'Đang tải món ăn...',
    empty: 'Không tìm thấy món ăn nào',
    end: 'Đã hiển thị tất cả món ăn',
    needLocation: 'Thiết lập địa chỉ giao hàng để xem các món ngon gần bạn.',
    setAddress: 'Thiết lập địa chỉ',
    // A customer who signed in by phone and never gave a name.
    namePrompt: {
      title: 'Chào bạn mới!',
      body: 'Thêm tên của bạn để quán và người giao hàng biết gọi bạn thế nào.',
      add: 'Thêm tên',
      later: 'Để sau',
    },
  },
  // The cart (spec 2.11, section 4 'Cart add', section 8 'Cart') and its offline
  // outbox (design.md section 6). Toasts of the actions are spec section 8 to the letter.
  cart: {
    added: 'Đã thêm vào giỏ hàng',
    addFailed: 'Không thể thêm vào giỏ hàng',
    updateFailed: 'Không thể cập nhật số lượng',
    removed: 'Đã xóa món khỏi giỏ hàng',
    removeFailed: 'Không thể xóa món',
    cleared: 'Đã xóa giỏ hàng',
    clearFailed: 'Không thể xóa giỏ hàng',
    /** A change made without network: it is kept in the outbox and sent later. */
    savedOffline: 'Đã lưu thay đổi, sẽ đồng bộ khi có mạng',
    /** On a line or badge whose change waits in the outbox. */
    pendingSync: 'đang chờ đồng bộ',
    // Notices of a replay the user is no longer waiting for (the change was made earlier).
    notAdded: (name: string, message: string) => `Món ${name} không được thêm: ${message}`,
    notUpdated: (name: string, message: string) =>
      `Món ${name} không được cập nhật số lượng: ${message}`,
    notRemoved: (name: string, message: string) => `Món ${name} không được xóa: ${message}`,
    notCleared: (message: string) => `Giỏ hàng không được xóa: ${message}`,
    priceChanged: (name: string, oldPrice: string, newPrice: string) =>
      `Giá món ${name} đã thay đổi: ${oldPrice} → ${newPrice}`,
    // The add-to-cart buttons and questions (spec 2.6, 2.8, 2.9, section 4 'Cart add').
    add: 'Thêm',
    addNamed: (name: string) => `Thêm ${name} vào giỏ hàng`,
    addToCart: 'Thêm vào giỏ hàng',
    switchRestaurant: 'Giỏ hàng hiện tại là của quán khác. Xóa giỏ hàng cũ và thêm món này?',
    switchConfirm: 'Xóa và thêm',
    cancel: 'Hủy',
    // /cart (spec 2.11).
    title: 'Giỏ hàng',
    loading: 'Đang tải giỏ hàng...',
    loadFailed: 'Bạn cần đăng nhập lại để xem giỏ hàng.',
    signInAgain: 'Đăng nhập lại',
    clear: 'Xóa giỏ hàng',
    clearConfirm: 'Bạn có chắc muốn xóa toàn bộ giỏ hàng?',
    oneRestaurant: 'Giỏ hàng chỉ chứa món của một nhà hàng',
    restaurant: 'Nhà hàng',
    lines: 'Các món trong giỏ hàng',
    lineNote: (note: string) => `Ghi chú: ${note}`,
    unitPrice: (price: string) => `${price} / món`,
    lineUnavailable: 'Món này hiện không khả dụng',
    quantityOf: (name: string) => `Số lượng ${name}`,
    decrease: (name: string) => `Giảm số lượng ${name}`,
    increase: (name: string) => `Tăng số lượng ${name}`,
    lineTotal: 'Thành tiền',
    remove: (name: string) => `Xóa ${name} khỏi giỏ hàng`,
    pendingChanges: (count: number) => `${count} thay đổi đang chờ đồng bộ`,
    total: 'Tổng cộng',
    itemCount: (count: number) => `${count} món`,
    checkout: 'Thanh toán',
    empty: 'Giỏ hàng trống',
    emptyHint: 'Chọn vài món ngon rồi quay lại đây để đặt hàng.',
    browse: 'Xem món ăn',
    // What a reorder could not bring back as it was (the server's sentences follow).
    reorderNotices: 'Một số món đã thay đổi',
  },
  // The staff home's loading line, shown by the router's hand-over to the dashboard chunk.
  dashboard: {
    loading: 'Đang tải dữ liệu...',
  },
  // The bell's words while its count loads (the inbox itself is in vi.ts).
  inbox: {
    bell: 'Thông báo',
  },
  // Adding a dish that has just gone off sale, from the home grid as from the dish page.
  food: {
    unavailable: 'Món ăn này hiện không khả dụng',
  },
  // The new version's prompt, shown over whatever screen the app opened on.
  pwa: {
    updateAvailable: 'Đã có phiên bản mới',
    updateHint: 'Tải lại để dùng phiên bản mới nhất.',
    reload: 'Tải lại',
    offlineReady: 'Ứng dụng đã sẵn sàng dùng khi không có mạng',
  },
} as const;

/**
 * One field's problem, as the error envelope lists it. Spelled out here rather than imported
 * from the contract so this file, the bottom of the server, imports nothing; the contract's
 * FieldError has the same shape.
 */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Every error the API can answer with: its HTTP status and the Vietnamese message the user
 * sees. One table, so wording stays consistent and a code is never answered two ways.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'Dữ liệu không hợp lệ' },
  INVALID_JSON: { status: 400, message: 'Dữ liệu gửi lên không phải JSON hợp lệ' },
  UNSUPPORTED_CONTENT_TYPE: {
    status: 400,
    message: 'Kiểu dữ liệu gửi lên không được hỗ trợ. Vui lòng gửi JSON.',
  },
  BAD_REQUEST: { status: 400, message: 'Yêu cầu không hợp lệ' },
  /** The depth is contract/json-depth.ts's JSON_MAX_DEPTH (this file imports nothing). */
  JSON_TOO_DEEP: {
    status: 400,
    message: 'Dữ liệu gửi lên lồng nhau quá sâu (tối đa 32 cấp)',
  },
  MULTIPART_INVALID: {
    status: 400,
    message: 'Biểu mẫu gửi lên bị hỏng hoặc không đầy đủ. Vui lòng gửi lại.',
  },
  INVALID_TEXT: {
    status: 400,
    message: 'Dữ liệu gửi lên chứa ký tự không hợp lệ (ký tự NUL hoặc mã hóa không phải UTF-8)',
  },
  NUMBER_OUT_OF_RANGE: { status: 400, message: 'Giá trị số vượt quá giới hạn cho phép' },
  /** The amount is the orders module's ORDER_MAX_SUBTOTAL. */
  ORDER_TOO_LARGE: {
    status: 400,
    message:
      'Giá trị đơn hàng tối đa 50.000.000 ₫. Vui lòng giảm số lượng hoặc chia thành nhiều đơn.',
  },
  WEAK_PASSWORD: {
    status: 400,
    message: 'Mật khẩu này quá phổ biến và dễ đoán. Vui lòng chọn mật khẩu khác.',
  },
  OTP_INVALID: { status: 400, message: 'Số điện thoại hoặc mã OTP không đúng' },
  OTP_REQUIRED: { status: 400, message: 'Vui lòng nhập mã OTP gửi đến số điện thoại mới' },
  UNKNOWN_CATEGORY: { status: 400, message: 'Danh mục không tồn tại' },
  INVALID_PRICE_RANGE: { status: 400, message: 'Giá tối thiểu không được lớn hơn giá tối đa' },
  LOCATION_INCOMPLETE: { status: 400, message: 'Vui lòng gửi cả vĩ độ (lat) và kinh độ (lon)' },
  UNSUPPORTED_IMAGE: { status: 400, message: 'Ảnh phải có định dạng JPG, PNG hoặc WebP' },
  IMAGE_TOO_LARGE: { status: 400, message: 'Kích thước ảnh quá lớn (tối đa 40 megapixel)' },
  TOPPING_INVALID: { status: 400, message: 'Topping không thuộc món ăn này' },
  /** An option id (or a group's) that is not one of this dish's, or sent twice. */
  OPTION_INVALID: { status: 400, message: 'Lựa chọn không thuộc món ăn này' },
  /** Sent with the group's name: 'Vui lòng chọn Size'. */
  OPTION_REQUIRED: { status: 400, message: 'Vui lòng chọn đủ các lựa chọn bắt buộc' },
  /** Sent with the group's limit and name: 'Chỉ được chọn tối đa 2 Topping'. */
  OPTION_TOO_MANY: { status: 400, message: 'Đã chọn quá số lựa chọn cho phép' },
  ADDRESS_NOT_FOUND: {
    status: 400,
    message:
      'Không tìm thấy địa chỉ này. Hãy ghi rõ quận/huyện, tỉnh/thành phố hoặc chọn vị trí trên bản đồ.',
  },
  CART_TOO_MANY_LINES: { status: 400, message: 'Giỏ hàng tối đa 50 món khác nhau' },
  CART_QUANTITY_LIMIT: { status: 400, message: 'Số lượng mỗi món tối đa 99' },
  CART_EMPTY: { status: 400, message: 'Giỏ hàng trống' },
  AMOUNT_INVALID: { status: 400, message: 'Số tiền không hợp lệ' },
  DEPOSIT_AMOUNT_RANGE: {
    status: 400,
    message: 'Số tiền nạp phải từ 5.000 ₫ đến 100.000.000 ₫',
  },
  COUPON_INVALID: { status: 400, message: 'Mã giảm giá không hợp lệ' },
  COUPON_NOT_STARTED: { status: 400, message: 'Mã giảm giá chưa đến thời gian áp dụng' },
  COUPON_EXPIRED: { status: 400, message: 'Mã giảm giá đã hết hạn' },
  COUPON_USED_UP: { status: 400, message: 'Mã giảm giá đã hết lượt sử dụng' },
  COUPON_CUSTOMER_LIMIT: { status: 400, message: 'Bạn đã dùng hết lượt của mã giảm giá này' },
  COUPON_WRONG_RESTAURANT: { status: 400, message: 'Mã giảm giá không áp dụng cho nhà hàng này' },
  COUPON_NOT_APPLICABLE: {
    status: 400,
    message: 'Mã giảm giá không áp dụng cho các món trong giỏ hàng',
  },
  COUPON_PAUSED: { status: 400, message: 'Mã giảm giá đang tạm dừng' },
  COUPON_FOODS_INVALID: {
    status: 400,
    message: 'Chỉ chọn được các món của nhà hàng áp dụng mã giảm giá',
  },
  COUPON_FOODS_NEED_RESTAURANT: {
    status: 400,
    message: 'Hãy chọn nhà hàng trước khi giới hạn mã giảm giá theo món',
  },
  COUPON_RESTAURANT_INVALID: { status: 400, message: 'Nhà hàng áp dụng mã giảm giá không tồn tại' },
  COUPON_PERCENT_RANGE: {
    status: 400,
    message: 'Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100',
  },
  COUPON_WINDOW: { status: 400, message: 'Thời gian kết thúc phải sau thời gian bắt đầu' },
  COUPON_MIN_ORDER: {
    status: 400,
    message: 'Đơn hàng chưa đạt giá trị tối thiểu để dùng mã giảm giá này',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'Idempotency-Key không hợp lệ (1 đến 255 ký tự chữ, số, dấu gạch)',
  },
  UNAUTHENTICATED: { status: 401, message: 'Vui lòng đăng nhập để tiếp tục' },
  INVALID_CREDENTIALS: { status: 401, message: 'Tên đăng nhập hoặc mật khẩu không đúng' },
  INVALID_REFRESH_TOKEN: {
    status: 401,
    message: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  },
  METRICS_TOKEN_INVALID: {
    status: 401,
    message: 'Thiếu hoặc sai mã truy cập số liệu giám sát (METRICS_TOKEN)',
  },
  FORBIDDEN: { status: 403, message: 'Bạn không có quyền thực hiện thao tác này' },
  /** An admin locked the account: every request and every sign-in is refused. */
  ACCOUNT_LOCKED: { status: 403, message: 'Tài khoản của bạn đã bị khóa' },
  WITHDRAW_NOT_ALLOWED: {
    status: 403,
    message: 'Chỉ nhân viên/chủ quán mới có thể rút tiền.',
  },
  REVIEW_NOT_ALLOWED: {
    status: 403,
    message: 'Bạn chỉ có thể đánh giá món đã mua trong một đơn hàng đã giao',
  },
  RESTAURANT_NOT_LINKED: {
    status: 403,
    message: 'Chưa có quyền xem đơn. Có thể bạn chưa liên kết nhà hàng.',
  },
  NOT_FOUND: { status: 404, message: 'Không tìm thấy đường dẫn này' },
  FOOD_NOT_FOUND: { status: 404, message: 'Không tìm thấy món ăn' },
  OPTION_NOT_FOUND: { status: 404, message: 'Không tìm thấy lựa chọn này của món' },
  RESTAURANT_NOT_FOUND: { status: 404, message: 'Không tìm thấy nhà hàng' },
  USER_NOT_FOUND: { status: 404, message: 'Không tìm thấy người dùng' },
  /** A staff-level caller with no restaurant of their own (an admin has none either). */
  RESTAURANT_NONE: {
    status: 404,
    message: 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.',
  },
  CART_ITEM_NOT_FOUND: { status: 404, message: 'Không tìm thấy món này trong giỏ hàng' },
  COUPON_NOT_FOUND: { status: 404, message: 'Mã giảm giá không tồn tại' },
  /** A coupon id a manager may not see (another restaurant's, or the platform's for an owner). */
  MANAGED_COUPON_NOT_FOUND: { status: 404, message: 'Không tìm thấy mã giảm giá này' },
  ORDER_NOT_FOUND: { status: 404, message: 'Không tìm thấy đơn hàng' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Không tìm thấy giao dịch thanh toán' },
  WITHDRAWAL_NOT_FOUND: { status: 404, message: 'Không tìm thấy yêu cầu rút tiền' },
  STAFF_MEMBER_NOT_FOUND: { status: 404, message: 'Không tìm thấy nhân viên này' },
  USERNAME_TAKEN: { status: 409, message: 'Tên đăng nhập đã được sử dụng' },
  LOCK_SELF: { status: 409, message: 'Bạn không thể tự khóa tài khoản của mình' },
  LOCK_LAST_ADMIN: {
    status: 409,
    message: 'Không thể khóa quản trị viên cuối cùng đang hoạt động',
  },
  PHONE_TAKEN: { status: 409, message: 'Số điện thoại đã được sử dụng' },
  EMAIL_TAKEN: { status: 409, message: 'Email đã được sử dụng' },
  /** Codes are unique platform-wide whatever the case ('giam20k' is 'GIAM20K'). */
  COUPON_CODE_TAKEN: { status: 409, message: 'Mã giảm giá này đã tồn tại' },
  COUPON_LIMIT_BELOW_USED: {
    status: 409,
    message: 'Tổng lượt dùng không được nhỏ hơn số lượt đã dùng',
  },
  COUPON_CUSTOMER_LIMIT_BELOW_USED: {
    status: 409,
    message: 'Số lượt mỗi khách không được nhỏ hơn số lượt một khách đã dùng',
  },
  CART_OTHER_RESTAURANT: {
    status: 409,
    message: 'Giỏ hàng đang có món của quán khác. Hãy xóa giỏ hàng cũ trước khi thêm món này.',
  },
  FOOD_UNAVAILABLE: { status: 409, message: 'Món ăn này hiện không khả dụng' },
  /** Like FOOD_UNAVAILABLE, for one option: sent with its name ('Lựa chọn "Size L" đã hết'). */
  OPTION_UNAVAILABLE: { status: 409, message: 'Lựa chọn này đã hết' },
  RESTAURANT_PAUSED: { status: 409, message: 'Nhà hàng đang tạm ngừng nhận đơn' },
  RESTAURANT_CLOSED: {
    status: 409,
    message: 'Nhà hàng hiện đã đóng cửa. Vui lòng đặt món trong giờ mở cửa.',
  },
  /** Sent with the reopening time: contract/store.ts pausedMessage(). */
  RESTAURANT_BUSY: { status: 409, message: 'Quán đang tạm ngưng nhận đơn' },
  /** contract/store.ts OUT_OF_AREA_MESSAGE. */
  OUT_OF_DELIVERY_AREA: { status: 409, message: 'Ngoài khu vực giao hàng' },
  RESTAURANT_NO_OPENING: {
    status: 409,
    message: 'Nhà hàng chưa có giờ mở cửa để mở lại. Hãy chọn tạm ngưng 15, 30 hoặc 60 phút.',
  },
  /** Sent with contract/favorites.ts FAVORITE_FOODS_FULL_MESSAGE or ..._RESTAURANTS_FULL_MESSAGE. */
  FAVORITES_FULL: { status: 409, message: 'Bộ sưu tập đã đầy' },
  /** contract/reorder.ts ORDER_NOT_REORDERABLE_MESSAGE. */
  ORDER_NOT_REORDERABLE: { status: 409, message: 'Chỉ có thể đặt lại đơn đã giao hoặc đã hủy' },
  /** contract/reorder.ts REORDER_NOTHING_LEFT_MESSAGE. */
  REORDER_NOTHING_LEFT: {
    status: 409,
    message:
      'Các món trong đơn này hiện không còn bán, chưa thể đặt lại. Giỏ hàng của bạn vẫn giữ nguyên.',
  },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    message: 'Đơn hàng không thể hủy ở trạng thái hiện tại',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'Yêu cầu này đang được xử lý. Vui lòng đợi trong giây lát.',
  },
  INSUFFICIENT_BALANCE: { status: 409, message: 'Số dư không đủ' },
  ORDER_NOT_PAYABLE: {
    status: 409,
    message: 'Đơn hàng không ở trạng thái chờ thanh toán',
  },
  ORDER_TRANSITION_INVALID: {
    status: 409,
    message: 'Thao tác không hợp lệ với trạng thái hiện tại của đơn hàng',
  },
  WITHDRAWAL_ALREADY_DECIDED: { status: 409, message: 'Yêu cầu rút tiền này đã được xử lý' },
  ALREADY_REVIEWED: { status: 409, message: 'Bạn đã đánh giá món này trong đơn hàng này' },
  RESTAURANT_EXISTS: {
    status: 409,
    message: 'Bạn đã có nhà hàng. Mỗi chủ quán chỉ quản lý một nhà hàng.',
  },
  RESTAURANT_ALREADY_APPROVED: { status: 409, message: 'Nhà hàng đã được duyệt' },
  RESTAURANT_ALREADY_REJECTED: { status: 409, message: 'Nhà hàng đã bị từ chối' },
  RESTAURANT_ALREADY_PAUSED: { status: 409, message: 'Nhà hàng đang bị tạm ngưng' },
  RESTAURANT_NOT_ADMIN_PAUSED: {
    status: 409,
    message: 'Nhà hàng không bị quản trị viên tạm ngưng',
  },
  /** Sent with the admin's reason: contract/staff-restaurant.ts adminPausedMessage(). */
  RESTAURANT_ADMIN_PAUSED: { status: 409, message: 'Quán đang bị quản trị viên tạm ngưng' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Idempotency-Key này đã được dùng cho một yêu cầu khác',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Dữ liệu gửi lên quá lớn' },
  URI_TOO_LONG: { status: 414, message: 'Đường dẫn quá dài' },
  FILE_TOO_LARGE: { status: 413, message: 'Ảnh tải lên tối đa 2 MB' },
  OTP_RESEND_TOO_SOON: { status: 429, message: 'Vui lòng đợi trước khi yêu cầu mã mới' },
  RATE_LIMITED: { status: 429, message: 'Bạn thao tác quá nhiều lần. Vui lòng thử lại sau.' },
  LOGIN_DELAYED: {
    status: 429,
    message: 'Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.' },
  GEOCODER_UNAVAILABLE: {
    status: 502,
    message: 'Dịch vụ bản đồ tạm thời không trả lời. Vui lòng thử lại sau.',
  },
  SMS_FAILED: { status: 503, message: 'Không thể gửi mã OTP. Vui lòng thử lại.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Máy chủ tạm thời không truy cập được dữ liệu. Vui lòng thử lại sau.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure: thrown by services, turned into the error envelope by the handler. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Seconds, sent as Retry-After (with a 429, or a 503 the client should retry). */
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; errors?: FieldError[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERRORS[code].status;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }
}

import type { z } from 'zod';

/**
 * Validation messages nobody wrote by hand, in plain Vietnamese: what the field is called and
 * what it should hold ('Số lượng phải là số nguyên từ 1 đến 99'), never zod's internals
 * ('Quá lớn: mong đợi int <=9007199254740991'). Installed once for the whole API as zod's
 * `customError` (app.ts). A message a contract sets itself (the spec's wording) still wins:
 * zod asks this map only for issues without one.
 */

/**
 * Every field name a request carries (body, query, path), as the person filling the form knows
 * it. tests/unit/server/validation-messages.test.ts checks that the OpenAPI document names no
 * field missing here.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // Accounts and profile
  refresh_token: 'Mã phiên đăng nhập',
  phone: 'Số điện thoại',
  phone_number: 'Số điện thoại',
  otp_code: 'Mã OTP',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  first_name: 'Tên',
  last_name: 'Họ',
  full_name: 'Họ tên',
  email: 'Email',
  address: 'Địa chỉ',
  gender: 'Giới tính',
  date_of_birth: 'Ngày sinh',
  avatar: 'Ảnh đại diện',
  // Catalogue, search, lists
  id: 'Mã',
  ids: 'Các mã',
  foodId: 'Món',
  food_id: 'Món',
  food_ids: 'Các món',
  restaurant_id: 'Nhà hàng',
  page: 'Trang',
  per_page: 'Số mục mỗi trang',
  q: 'Từ khóa tìm kiếm',
  category: 'Danh mục',
  categories: 'Danh mục',
  category_ids: 'Danh mục',
  lat: 'Vĩ độ',
  lon: 'Kinh độ',
  limit: 'Số kết quả',
  sort_by: 'Kiểu sắp xếp',
  sort_order: 'Thứ tự sắp xếp',
  min_price: 'Giá tối thiểu',
  max_price: 'Giá tối đa',
  status: 'Trạng thái',
  // Cart, orders, coupons, money
  quantity: 'Số lượng',
  topping_ids: 'Topping',
  option_ids: 'Lựa chọn',
  note: 'Ghi chú món',
  replace: 'Thay giỏ hàng',
  code: 'Mã giảm giá',
  coupon_code: 'Mã giảm giá',
  order_amount: 'Giá trị đơn hàng',
  type: 'Loại giảm giá',
  value: 'Mức giảm',
  max_discount: 'Mức giảm tối đa',
  min_order: 'Đơn hàng tối thiểu',
  starts_at: 'Thời gian bắt đầu',
  ends_at: 'Thời gian kết thúc',
  usage_limit: 'Tổng lượt dùng',
  per_customer_limit: 'Số lượt mỗi khách',
  paused: 'Tạm dừng',
  expire: 'Cho hết hạn ngay',
  order_id: 'Đơn hàng',
  order_item_id: 'Món đã mua',
  amount: 'Số tiền',
  delivery_address: 'Địa chỉ giao hàng',
  delivery_phone: 'Số điện thoại nhận hàng',
  delivery_note: 'Ghi chú cho quán',
  reason: 'Lý do',
  action: 'Loại thao tác',
  rating: 'Số sao',
  comment: 'Nhận xét',
  start_date: 'Ngày bắt đầu',
  end_date: 'Ngày kết thúc',
  from: 'Từ ngày',
  to: 'Đến ngày',
  reference: 'Mã giao dịch',
  // Staff menu and restaurant
  name: 'Tên',
  description: 'Mô tả',
  price: 'Giá',
  image: 'Ảnh món',
  image_url: 'Đường dẫn ảnh',
  available: 'Trạng thái món',
  toppings: 'Topping',
  option_groups: 'Nhóm lựa chọn',
  delivery_radius_km: 'Bán kính giao hàng',
  auto_accept: 'Tự động nhận đơn',
  minutes: 'Thời gian tạm ngưng',
  until_next_opening: 'Tạm ngưng đến giờ mở cửa tiếp theo',
  options: 'Lựa chọn',
  option_id: 'Lựa chọn',
  min_select: 'Số lựa chọn tối thiểu',
  max_select: 'Số lựa chọn tối đa',
  sold_out: 'Hết món hôm nay',
  opening_hours: 'Giờ mở cửa',
  open: 'Giờ mở cửa',
  close: 'Giờ đóng cửa',
  mon: 'Thứ Hai',
  tue: 'Thứ Ba',
  wed: 'Thứ Tư',
  thu: 'Thứ Năm',
  fri: 'Thứ Sáu',
  sat: 'Thứ Bảy',
  sun: 'Chủ nhật',
  cover: 'Ảnh bìa',
  logo: 'Logo',
  cover_url: 'Đường dẫn ảnh bìa',
  logo_url: 'Đường dẫn logo',
  // Web Push, the payment gateway's callbacks, live events
  endpoint: 'Địa chỉ nhận thông báo',
  keys: 'Khóa của trình duyệt',
  p256dh: 'Khóa của trình duyệt',
  auth: 'Khóa xác thực của trình duyệt',
  expirationTime: 'Thời hạn đăng ký',
  all: 'Tất cả',
  last_event_id: 'Mã sự kiện cuối cùng',
  format: 'Định dạng',
};

const lower = (label: string) => (label === 'Email' ? 'email' : label.toLowerCase());

/**
 * The label of an issue's field: its last named path segment, 'Mỗi mục của …' for an element
 * of a list, the whole body without a name.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((key): key is string => typeof key === 'string');
  if (named === undefined) return path.length ? 'Mỗi mục' : 'Dữ liệu gửi lên';
  const label = FIELD_LABELS[named] ?? `Trường ${named}`;
  return typeof path.at(-1) === 'number' ? `Mỗi mục của ${lower(label)}` : label;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'chuỗi ký tự',
  number: 'số',
  int: 'số nguyên',
  boolean: 'true hoặc false',
  array: 'một danh sách',
  object: 'một đối tượng JSON',
  date: 'ngày',
};

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** Numbers as a Vietnamese reader writes them: 1.000.000. */
const formatNumber = (value: number | bigint) =>
  typeof value === 'number' && Math.abs(value) < 1e21
    ? value.toLocaleString('vi-VN', { maximumFractionDigits: 6 })
    : String(value);

interface NumberBounds {
  integer: boolean;
  /** Inclusive bounds; an exclusive bound of a whole number becomes the next one in. */
  minimum?: number;
  maximum?: number;
  /** A bound a fraction may approach but not reach ('lớn hơn 0'). */
  above?: number;
  below?: number;
}

interface CheckDef {
  check?: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
}

/** What a number schema accepts, read from the checks declared on it. */
function numberBounds(schema: unknown): NumberBounds {
  const checks =
    (schema as { _zod?: { def?: { checks?: { _zod: { def: CheckDef } }[] } } } | undefined)?._zod
      ?.def?.checks ?? [];
  const defs = checks.map((check) => check._zod.def);
  const bounds: NumberBounds = {
    integer: defs.some((def) => def.check === 'number_format' && /int/.test(def.format ?? '')),
  };
  for (const def of defs) {
    const value = def.value;
    // zod's own bound of a safe integer is not a limit anyone chose.
    if (typeof value !== 'number' || !(Math.abs(value) < SAFE_INTEGER)) continue;
    if (def.check === 'greater_than') {
      if (def.inclusive) bounds.minimum = value;
      else if (bounds.integer) bounds.minimum = Math.floor(value) + 1;
      else bounds.above = value;
    } else if (def.check === 'less_than') {
      if (def.inclusive) bounds.maximum = value;
      else if (bounds.integer) bounds.maximum = Math.ceil(value) - 1;
      else bounds.below = value;
    }
  }
  return bounds;
}

/** 'Số lượng phải là số nguyên từ 1 đến 99', or as much of it as the schema says. */
function numberExpectation(label: string, bounds: NumberBounds): string {
  const kind = `${label} phải là ${bounds.integer ? 'số nguyên' : 'số'}`;
  const { minimum, maximum, above, below } = bounds;
  if (minimum !== undefined && maximum !== undefined) {
    return `${kind} từ ${formatNumber(minimum)} đến ${formatNumber(maximum)}`;
  }
  const parts = [
    minimum !== undefined ? `từ ${formatNumber(minimum)} trở lên` : '',
    above !== undefined ? `lớn hơn ${formatNumber(above)}` : '',
    maximum !== undefined ? `không quá ${formatNumber(maximum)}` : '',
    below !== undefined ? `nhỏ hơn ${formatNumber(below)}` : '',
  ].filter(Boolean);
  return parts.length ? `${kind} ${parts.join(' và ')}` : kind;
}

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }, label: string): string {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  switch (issue.origin) {
    case 'string':
      if (small && Number(limit) <= 1) return `Vui lòng nhập ${lower(label)}`;
      return small
        ? `${label} phải có ít nhất ${formatNumber(limit)} ký tự`
        : `${label} tối đa ${formatNumber(limit)} ký tự`;
    case 'array':
    case 'set':
      if (small && Number(limit) <= 1) return `${label} cần ít nhất một mục`;
      return small
        ? `${label} cần ít nhất ${formatNumber(limit)} mục`
        : `${label} tối đa ${formatNumber(limit)} mục`;
    case 'file':
      return small ? `${label} trống` : `${label} quá lớn`;
    case 'number':
    case 'int':
    case 'bigint': {
      const bounds = numberBounds(issue.schema ?? issue.inst);
      const stated = [bounds.minimum, bounds.maximum, bounds.above, bounds.below].some(
        (bound) => bound !== undefined,
      );
      if (stated) return numberExpectation(label, bounds);
      // Only zod's safe-integer range was passed: no limit anyone chose, just too far.
      return small ? `${label} quá nhỏ` : `${label} quá lớn`;
    }
    case 'date':
      return small ? `${label} quá sớm` : `${label} quá muộn`;
    default:
      return `${label} không hợp lệ`;
  }
}

/** The message of one zod issue, in Vietnamese, naming its field. */
export function validationMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) {
        return issue.path?.length ? `Vui lòng nhập ${lower(label)}` : 'Vui lòng gửi dữ liệu';
      }
      if (issue.expected === 'number' || issue.expected === 'int') {
        const bounds = numberBounds(issue.schema ?? issue.inst);
        return numberExpectation(label, {
          ...bounds,
          integer: bounds.integer || issue.expected === 'int',
        });
      }
      const expected = TYPE_NAMES[issue.expected] ?? 'giá trị khác';
      return `${label} phải là ${expected}`;
    }
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, label);
    case 'invalid_format':
      return issue.format === 'regex' || issue.format === 'template_literal'
        ? `${label} không đúng định dạng`
        : `${label} không hợp lệ`;
    case 'invalid_value': {
      const values = issue.values.map((value) => String(value));
      if (values.length === 1) return `${label} phải là ${values[0]}`;
      return `${label} phải là một trong: ${values.join(', ')}`;
    }
    case 'unrecognized_keys':
      return `Không nhận trường: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${label} phải là bội số của ${formatNumber(issue.divisor)}`;
    default:
      return `${label} không hợp lệ`;
  }
}

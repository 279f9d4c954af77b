import {
  AdminCouponCreateBodySchema,
  StaffCouponCreateBodySchema,
  type ManagedCoupon,
} from '#contract/coupon-admin';
import { getErrorMessage, getErrorReply } from '#src/lib/http';

/** Who manages the coupons: the platform (any scope) or an owner (their restaurant). */
export type CouponScope = 'admin' | 'staff';

/**
 * The form as typed. Numbers are '' while empty (Mantine's NumberInput); times are the
 * datetime-local text 'YYYY-MM-DDTHH:mm' read as Vietnam time; ids are text (Mantine's selects).
 */
export interface CouponFormValues {
  code: string;
  type: 'percent' | 'fixed';
  value: number | '';
  max_discount: number | '';
  min_order: number | '';
  starts_at: string;
  ends_at: string;
  usage_limit: number | '';
  per_customer_limit: number | '';
  food_ids: string[];
  /** Admin only; null = every restaurant. */
  restaurant_id: string | null;
}

export type CouponField = keyof CouponFormValues;
export type CouponFormErrors = Partial<Record<CouponField, string>>;

/** The body both scopes send; `restaurant_id` only from the admin's form. */
export interface CouponBody {
  code: string;
  type: 'percent' | 'fixed';
  value?: number;
  max_discount: number | null;
  min_order: number;
  starts_at?: string;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  food_ids: number[] | null;
  restaurant_id?: number | null;
}

// Managers, customers and the server's day all live on Vietnam's clock (design.md section 4),
// which has had no daylight saving since 1975: a fixed offset turns the picker's wall-clock
// text into an instant whatever zone the manager's device is set to.
const VIETNAM_OFFSET = '+07:00';
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const vietnamClock = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** An instant as the picker's text in Vietnam time ('2026-12-01T08:00'); '' when unreadable. */
export function toPickerTime(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(
    vietnamClock.formatToParts(date).map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** The picker's text as an ISO instant with Vietnam's offset; other text stays as typed. */
export function fromPickerTime(local: string): string {
  // Anything else reaches the contract's own rule, which names the field's problem.
  return LOCAL_TIME.test(local) ? `${local}:00${VIETNAM_OFFSET}` : local;
}

export function emptyCouponValues(): CouponFormValues {
  return {
    code: '',
    type: 'percent',
    value: '',
    max_discount: '',
    min_order: '',
    starts_at: '',
    ends_at: '',
    usage_limit: '',
    per_customer_limit: '',
    food_ids: [],
    restaurant_id: null,
  };
}

export function couponToValues(coupon: ManagedCoupon): CouponFormValues {
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    max_discount: coupon.max_discount ?? '',
    min_order: coupon.min_order === 0 ? '' : coupon.min_order,
    starts_at: toPickerTime(coupon.starts_at),
    ends_at: toPickerTime(coupon.ends_at),
    usage_limit: coupon.usage_limit ?? '',
    per_customer_limit: coupon.per_customer_limit ?? '',
    food_ids: (coupon.food_ids ?? []).map(String),
    restaurant_id: coupon.restaurant_id === null ? null : String(coupon.restaurant_id),
  };
}

const orNull = (value: number | ''): number | null => (value === '' ? null : value);

/**
 * The form as the API's body: an empty optional field is null (none: no cap, no end, no
 * limit, any dish), an empty start is left out (the server's now), and a fixed discount has no
 * cap to send.
 */
export function valuesToBody(values: CouponFormValues, scope: CouponScope): CouponBody {
  const body: CouponBody = {
    code: values.code.trim(),
    type: values.type,
    max_discount: values.type === 'percent' ? orNull(values.max_discount) : null,
    min_order: values.min_order === '' ? 0 : values.min_order,
    ends_at: values.ends_at === '' ? null : fromPickerTime(values.ends_at),
    usage_limit: orNull(values.usage_limit),
    per_customer_limit: orNull(values.per_customer_limit),
    food_ids: values.food_ids.length === 0 ? null : values.food_ids.map(Number),
  };
  if (values.value !== '') body.value = values.value;
  if (values.starts_at !== '') body.starts_at = fromPickerTime(values.starts_at);
  if (scope === 'admin') {
    body.restaurant_id = values.restaurant_id === null ? null : Number(values.restaurant_id);
  }
  return body;
}

const FORM_FIELDS = new Set<string>(Object.keys(emptyCouponValues()));

function isFormField(path: unknown): path is CouponField {
  return typeof path === 'string' && FORM_FIELDS.has(path);
}

/**
 * The contract's own rules, before any request: the create schema of the scope, whose
 * Vietnamese messages are the server's. An edit is checked whole too, so the form never shows
 * a rule the server would apply only to the fields it sends.
 */
export function validateCoupon(body: CouponBody, scope: CouponScope): CouponFormErrors {
  const schema = scope === 'admin' ? AdminCouponCreateBodySchema : StaffCouponCreateBodySchema;
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: CouponFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The fields an edit changed, as `PUT .../{id}/` takes them: only what is given changes, so an
 * untouched field is never rewritten (a limit the uses have meanwhile passed, say).
 */
export function changedFields(before: CouponBody, after: CouponBody): Partial<CouponBody> {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof CouponBody)[]);
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]) && after[key] !== undefined) {
      changes[key] = after[key];
    }
  }
  return changes;
}

/** Which field each refusal of the coupon services is about (decision 044). */
const FIELD_OF_CODE: Record<string, CouponField> = {
  COUPON_CODE_TAKEN: 'code',
  COUPON_PERCENT_RANGE: 'value',
  COUPON_WINDOW: 'ends_at',
  COUPON_FOODS_INVALID: 'food_ids',
  COUPON_FOODS_NEED_RESTAURANT: 'food_ids',
  COUPON_RESTAURANT_INVALID: 'restaurant_id',
  COUPON_LIMIT_BELOW_USED: 'usage_limit',
  COUPON_CUSTOMER_LIMIT_BELOW_USED: 'per_customer_limit',
};

/**
 * A refused save as the form shows it: on the field it is about (a service's code, or the
 * request validation's `errors[].path`), else above the submit button.
 */
export function refusalOf(error: unknown): { fields: CouponFormErrors; form?: string } {
  const reply = getErrorReply(error);
  const fields: CouponFormErrors = {};
  for (const item of reply?.errors ?? []) {
    if (isFormField(item.path) && fields[item.path] === undefined) {
      fields[item.path] = item.message;
    }
  }
  const field = reply?.code ? FIELD_OF_CODE[reply.code] : undefined;
  if (field && reply?.message) fields[field] = reply.message;
  return Object.keys(fields).length > 0 ? { fields } : { fields, form: getErrorMessage(error) };
}

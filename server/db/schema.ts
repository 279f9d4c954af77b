import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Written by hand next to the migrations that create the tables:
 * when a migration changes a table, this file changes in the same commit.
 */

type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export type Role = 'customer' | 'staff' | 'owner' | 'admin';
export type Gender = 'male' | 'female' | 'other';

export interface UsersTable {
  id: Generated<number>;
  role: Role;
  phone: string | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  gender: Gender | null;
  /** 'YYYY-MM-DD' (parsed as text, see db/database.ts). */
  date_of_birth: string | null;
  avatar: string | null;
  /** The restaurant a staff account works for (migration 0004); owners own theirs instead. */
  restaurant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an admin locked the account (migration 0016); null while it may sign in. */
  locked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_by: ColumnType<number | null, number | null | undefined, number | null>;
  locked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type OtpPurpose = 'login' | 'change_phone';

export interface OtpChallengesTable {
  id: Generated<number>;
  phone: string;
  purpose: OtpPurpose;
  user_id: number | null;
  code_hmac: string;
  attempts: Generated<number>;
  ip: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Wrong passwords per account and source address (auth.service.ts staffLogin). */
export interface LoginThrottlesTable {
  user_id: number;
  source: string;
  failures: number;
  blocked_until: Timestamp | null;
  last_failure_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** What the development VNPay sandbox has seen (server/payment/vnpay/sandbox). */
export interface VnpaySandboxTransactionsTable {
  txn_ref: string;
  amount: string;
  order_info: string;
  create_date: string;
  outcome: 'open' | 'final';
  otp_failures: Generated<number>;
  /** Written as JSON text, read back as the object. */
  result: ColumnType<Record<string, string> | null, string | null, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface VnpaySandboxRequestsTable {
  request_id: string;
  created_at: CreatedAt;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: CreatedAt;
}

export interface SeedRunsTable {
  name: string;
  applied_at: CreatedAt;
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

export interface RestaurantsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: Generated<string>;
  address: string;
  lat: number;
  lon: number;
  phone: string;
  email: string;
  /** OpeningHours (contract/catalogue.ts); jsonb. */
  opening_hours: ColumnType<unknown, string, string>;
  /** Stored upload name ('restaurants/<uuid>.webp') or an http(s) URL given by the owner. */
  image: string | null;
  cover: string | null;
  logo: string | null;
  is_active: Generated<boolean>;
  approval_status: Generated<ApprovalStatus>;
  rejection_reason: string | null;
  /** The end of a busy pause; a past moment means not paused (it ends by itself). */
  paused_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 1..50 km; copied onto its dishes by triggers (migration 0014). */
  delivery_radius_km: Generated<number>;
  auto_accept: Generated<boolean>;
  /** When an admin last approved or rejected it (migration 0018); null: never decided. */
  approval_decided_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Non-null while an admin has paused it for breaking the rules (migration 0018). */
  admin_paused_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date | string>;
}

export interface FoodsTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  description: Generated<string>;
  price: number;
  image: string | null;
  available: Generated<boolean>;
  /** Sold out for today (migration 0013): sellable again from this moment, by itself. */
  sold_out_until: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Kept by triggers (migration 0003); read-only for application code. */
  lat: ColumnType<number, never, never>;
  lon: ColumnType<number, never, never>;
  listed: ColumnType<boolean, never, never>;
  search_text: ColumnType<string, never, never>;
  /** Kept by triggers (migration 0014); read-only for application code. */
  delivery_radius_km: ColumnType<number, never, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date | string>;
}

export interface FoodCategoriesTable {
  food_id: number;
  category_id: number;
}

/**
 * A topping (no `group_id`) or an option of one of the dish's groups (migration 0013): one id
 * space for both.
 */
export interface ToppingsTable {
  id: Generated<number>;
  food_id: number;
  group_id: number | null;
  name: string;
  price: number;
  position: Generated<number>;
  /** The owner's switch for this option. */
  available: Generated<boolean>;
  /** Sold out for today: sellable again from this moment, by itself. */
  sold_out_until: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface OptionGroupsTable {
  id: Generated<number>;
  food_id: number;
  name: string;
  min_select: number;
  max_select: number;
  position: Generated<number>;
  deleted_at: Timestamp | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  food_id: number;
  /** The bought item the review is of (migration 0005); null for reviews seeded before it. */
  order_item_id: ColumnType<number | null, number | null | undefined, never>;
  customer_id: number;
  rating: number;
  comment: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A dish a customer saved to their collection (migration 0015). */
export interface FavoriteFoodsTable {
  customer_id: number;
  food_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A restaurant a customer saved to their collection (migration 0015). */
export interface FavoriteRestaurantsTable {
  customer_id: number;
  restaurant_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CartsTable {
  customer_id: number;
  /** Null while the cart is empty. */
  restaurant_id: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CartItemsTable {
  id: Generated<number>;
  customer_id: number;
  food_id: number;
  /**
   * The chosen toppings and options, sorted ascending, without duplicates: the line's identity
   * with food_id and note.
   */
  option_ids: ColumnType<number[], number[] | undefined, number[]>;
  note: Generated<string>;
  quantity: number;
  created_at: CreatedAt;
}

export type CouponKind = 'percent' | 'fixed';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  kind: CouponKind;
  value: number;
  max_discount: number | null;
  min_order: Generated<number>;
  restaurant_id: number | null;
  food_ids: number[] | null;
  starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  used_count: Generated<number>;
  created_at: CreatedAt;
  paused: Generated<boolean>;
  created_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type OrderStatus = 'pending' | 'paid' | 'accepted' | 'done' | 'completed' | 'cancelled';
export type CancelledBy = 'customer' | 'staff' | 'system';

export interface OrdersTable {
  id: Generated<number>;
  customer_id: number;
  restaurant_id: number;
  status: Generated<OrderStatus>;
  subtotal: number;
  discount: Generated<number>;
  shipping_fee: Generated<number>;
  total_amount: number;
  coupon_id: number | null;
  coupon_code: string | null;
  delivery_address: string;
  delivery_phone: string;
  delivery_note: Generated<string>;
  cancel_reason: string | null;
  cancelled_by: CancelledBy | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date | string>;
  paid_at: Timestamp | null;
  accepted_at: Timestamp | null;
  done_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface OrderItemTopping {
  id: number;
  name: string;
  price: number;
}

export interface OrderItemOption {
  id: number;
  group: string;
  name: string;
  price: number;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  food_id: number;
  food_name: string;
  food_image: string | null;
  /** Unit price including the toppings, đồng. */
  price: number;
  quantity: number;
  subtotal: number;
  /** jsonb: OrderItemTopping[]. Written as a JSON string. */
  toppings: ColumnType<OrderItemTopping[], string, never>;
  /** jsonb: every choice as bought, [{id, group, name, price}]. Written as a JSON string. */
  options: ColumnType<OrderItemOption[], string | undefined, never>;
  note: Generated<string>;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  order_id: number;
  discount: number;
  created_at: CreatedAt;
  released_at: Timestamp | null;
}

/** One row: moved by triggers on every catalogue table (docs/decisions/034-reply-cache.md). */
export interface CatalogueGenerationTable {
  id: Generated<boolean>;
  n: Generated<string>;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  response_status: number | null;
  /** The reply body as sent (JSON text). */
  response_body: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Timestamp | null;
  /** The claim's random token: only its holder may write the reply (migration 0010). */
  lease_token: string | null;
  /** A running key past this moment had no work committed and may be claimed again. */
  lease_expires_at: ColumnType<Date, Date | string, Date | string>;
  /**
   * The database server's start time at the claim: a running key claimed before the database
   * last started may be claimed again at once (migration 0020). Null for older rows.
   */
  database_started_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}

export type LedgerAccountKind = 'wallet' | 'escrow' | 'gateway' | 'payouts' | 'commission';

export interface LedgerAccountsTable {
  id: Generated<number>;
  kind: LedgerAccountKind;
  /** Set for wallets only. */
  user_id: number | null;
  /** Cache of sum(credits) - sum(debits); written only with a transfer. bigint read as number. */
  balance: Generated<number>;
  created_at: CreatedAt;
}

export type TransferKind =
  | 'deposit'
  | 'order_payment'
  | 'refund'
  | 'settlement'
  | 'commission'
  | 'withdrawal'
  | 'withdrawal_return';

/** Immutable: a trigger refuses UPDATE and DELETE. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  business_key: string;
  /** Money leaves this account... */
  debit_account_id: number;
  /** ...and arrives in this one. */
  credit_account_id: number;
  amount: number;
  kind: TransferKind;
  order_id: number | null;
  payment_id: number | null;
  withdrawal_id: number | null;
  created_at: CreatedAt;
}

export type PaymentPurpose = 'deposit' | 'order';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentsTable {
  id: Generated<number>;
  txn_ref: string;
  user_id: number;
  purpose: PaymentPurpose;
  order_id: number | null;
  /** VND, not x100. */
  amount: number;
  status: Generated<PaymentStatus>;
  response_code: string | null;
  transaction_status: string | null;
  transaction_no: string | null;
  bank_code: string | null;
  pay_date: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  settled_at: Timestamp | null;
}

export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  status: Generated<WithdrawalStatus>;
  reason: string | null;
  decided_by: number | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  /** The bank transfer's reference, given when marked paid (migration 0019). */
  bank_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The outbox of what happened (migration 0006): one audience each, a user or a restaurant. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  user_id: number | null;
  restaurant_id: number | null;
  payload: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

/** The inbox (migration 0007): one row per thing a user should hear about. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  read_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A browser's Web Push subscription (migration 0007), one per endpoint. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
  last_success_at: Timestamp | null;
}

/** The push queue (migration 0007): one row per notification and subscription until sent. */
export interface PushDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  gave_up_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An uploaded file (migration 0008): inserted once under a new name, never updated. */
export interface UploadsTable {
  /** 'folder/<uuid>.ext', the value the picture columns hold. */
  name: string;
  content_type: string;
  /** The quoted strong ETag: a SHA-256 of the bytes. */
  etag: string;
  /** A Buffer from node-postgres, a Uint8Array from PGlite. */
  bytes: ColumnType<Uint8Array, Buffer, never>;
  created_at: CreatedAt;
}

/** One admin action, as it happened (migration 0016): who, what, on what, before and after. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: number;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: CreatedAt;
}

export interface DB {
  admin_audit_log: AdminAuditLogTable;
  categories: CategoriesTable;
  users: UsersTable;
  otp_challenges: OtpChallengesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_events: RateLimitEventsTable;
  sms_outbox: SmsOutboxTable;
  seed_runs: SeedRunsTable;
  restaurants: RestaurantsTable;
  foods: FoodsTable;
  food_categories: FoodCategoriesTable;
  toppings: ToppingsTable;
  option_groups: OptionGroupsTable;
  reviews: ReviewsTable;
  catalogue_generation: CatalogueGenerationTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  favorite_foods: FavoriteFoodsTable;
  favorite_restaurants: FavoriteRestaurantsTable;
  coupon_redemptions: CouponRedemptionsTable;
  idempotency_keys: IdempotencyKeysTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  payments: PaymentsTable;
  withdrawals: WithdrawalsTable;
  events: EventsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  uploads: UploadsTable;
  login_throttles: LoginThrottlesTable;
  vnpay_sandbox_transactions: VnpaySandboxTransactionsTable;
  vnpay_sandbox_requests: VnpaySandboxRequestsTable;
}

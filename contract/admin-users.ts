import { z } from 'zod';
import { SearchTextSchema } from './catalogue';
import { okReply, PaginationSchema } from './envelope';
import { pageParam, perPageParam } from './numbers';
import { OrderStatusSchema } from './orders';
import { RoleSchema } from './profile';

// The admin console's users section and the audit log every admin action writes
// (docs/decisions/043-locked-accounts-and-the-audit-log.md).

/** GET /api/admin/users/: `q` matches phone (as typed in the phone field), username, email or name. */
export const AdminUserListQuerySchema = z.object({
  q: SearchTextSchema.optional(),
  page: pageParam(),
  per_page: perPageParam().default(20),
});

export const AdminUserSchema = z.object({
  id: z.number().int(),
  role: RoleSchema,
  name: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  locked: z.boolean(),
});

export const AdminUserListReplySchema = okReply(
  z.object({ items: z.array(AdminUserSchema), pagination: PaginationSchema }),
);

export const AdminUserDetailSchema = AdminUserSchema.extend({
  email: z.string().nullable(),
  locked_at: z.string().nullable(),
  locked_reason: z.string().nullable(),
  created_at: z.string(),
  /** The restaurant the user owns (owner) or works for (staff); null for the others. */
  restaurant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Integer đồng; 0 for a user without a wallet. */
  wallet_balance: z.number().int(),
  /** The five newest orders the user placed (customer) or their restaurant received. */
  recent_orders: z.array(
    z.object({
      id: z.number().int(),
      status: OrderStatusSchema,
      total: z.number().int(),
      created_at: z.string(),
    }),
  ),
});

export const AdminUserDetailReplySchema = okReply(AdminUserDetailSchema);

export const LockUserBodySchema = z.object({
  reason: z.string().trim().max(500, 'Lý do tối đa 500 ký tự').optional(),
});

/** Every admin action the console can take; each is written to the audit log. */
export const AUDIT_ACTIONS = [
  'user.lock',
  'user.unlock',
  'restaurant.approve',
  'restaurant.reject',
  'restaurant.pause',
  'restaurant.resume',
  'withdrawal.paid',
  'withdrawal.reject',
  'coupon.create',
  'coupon.update',
] as const;

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, {
  error: 'Loại thao tác không hợp lệ',
});

export const AuditListQuerySchema = z.object({
  action: AuditActionSchema.optional(),
  page: pageParam(),
  per_page: perPageParam().default(20),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});

export const AuditListReplySchema = okReply(
  z.object({ items: z.array(AuditEntrySchema), pagination: PaginationSchema }),
);

export type AdminUser = z.infer<typeof AdminUserSchema>;
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export type AuditAction = z.infer<typeof AuditActionSchema>;
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

import { z } from 'zod';
import { okReply, PaginationSchema } from './envelope';
import { pageParam, perPageParam } from './numbers';

/**
 * The inbox behind the bell (spec 2.2's count, made real): one notification per thing a user
 * should hear about, written with the change that caused it, read through
 * `GET /api/notifications/` and marked read with `PUT /api/notifications/read/`.
 */

export const NotificationSchema = z.object({
  id: z.number().int(),
  /** Vietnamese, short: 'Quán đã nhận đơn #42'. */
  title: z.string(),
  /** Vietnamese, one or two sentences. */
  body: z.string(),
  /** An in-app path the notification opens: '/orders/42', '/wallet'. */
  url: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  page: pageParam(),
  per_page: perPageParam().default(20),
});

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unread_count: z.number().int(),
  pagination: PaginationSchema,
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
export const NotificationListReplySchema = okReply(NotificationListSchema);

export const MARK_READ_INVALID_MESSAGE = 'Vui lòng chọn thông báo cần đánh dấu đã đọc';
export const MARK_READ_TOO_MANY_MESSAGE = 'Chỉ được đánh dấu tối đa 100 thông báo mỗi lần';

/**
 * Which notifications to mark read: some ids (another user's are ignored), or all of them.
 * At most 100 ids at once, the most an inbox screen shows.
 */
export const MarkNotificationsReadBodySchema = z.union(
  [
    z.object({
      ids: z
        .array(
          z
            .number({ error: MARK_READ_INVALID_MESSAGE })
            .int(MARK_READ_INVALID_MESSAGE)
            .positive(MARK_READ_INVALID_MESSAGE)
            .max(2 ** 53 - 1, MARK_READ_INVALID_MESSAGE),
          { error: MARK_READ_INVALID_MESSAGE },
        )
        .min(1, MARK_READ_INVALID_MESSAGE)
        .max(100, MARK_READ_TOO_MANY_MESSAGE),
    }),
    z.object({ all: z.literal(true, { error: MARK_READ_INVALID_MESSAGE }) }),
  ],
  {
    // zod stops at an oversized array without parsing it, which fails the whole union: the
    // limit's own message is then found among the branches' issues.
    error: (issue) =>
      issue.code === 'invalid_union' &&
      issue.errors.some((branch) =>
        branch.some((inner) => inner.code === 'too_big' && inner.origin === 'array'),
      )
        ? MARK_READ_TOO_MANY_MESSAGE
        : MARK_READ_INVALID_MESSAGE,
  },
);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

/** What is left unread after marking. */
export const MarkNotificationsReadReplySchema = okReply(
  z.object({ unread_count: z.number().int() }),
);

import type { MarkNotificationsReadBody, Notification } from '#contract/notifications';
import { ok, type ApiHandler } from '../setup/fake-api';

export const LIST = 'GET /api/notifications/';
export const MARK_READ = 'PUT /api/notifications/read/';

let nextId = 1;

/** A notification as GET /api/notifications/ sends it (contract/notifications.ts). */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Quán đã nhận đơn #${id}`,
    body: 'Phở Thìn đang chuẩn bị món của bạn.',
    url: `/orders/${id}`,
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/**
 * The inbox as the server keeps it: the given notifications (newest first), paged by `page` and
 * `per_page` like the real list, with the unread count of all of them; PUT /read/ marks ids
 * (another user's would be ignored) or all, and answers what is left unread.
 */
export function fakeInbox(items: Notification[]): {
  items: Notification[];
  routes: Record<string, ApiHandler>;
} {
  const state = items.map((item) => ({ ...item }));
  const unread = () => state.filter((item) => !item.read).length;
  const routes: Record<string, ApiHandler> = {
    [LIST]: (call) => {
      const page = Number(call.query.get('page') ?? '1');
      const perPage = Number(call.query.get('per_page') ?? '20');
      const slice = state.slice((page - 1) * perPage, page * perPage);
      const totalPages = Math.ceil(state.length / perPage);
      return ok({
        items: slice.map((item) => ({ ...item })),
        unread_count: unread(),
        pagination: {
          page,
          per_page: perPage,
          total: state.length,
          total_exact: true,
          total_pages: totalPages,
          has_next: page < totalPages,
        },
      });
    },
    [MARK_READ]: (call) => {
      const body = call.json as MarkNotificationsReadBody;
      for (const item of state) {
        if ('all' in body || body.ids.includes(item.id)) item.read = true;
      }
      return ok({ unread_count: unread() });
    },
  };
  return { items: state, routes };
}

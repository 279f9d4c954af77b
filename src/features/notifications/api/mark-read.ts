import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadBody } from '#contract/notifications';
import {
  markNotificationsRead,
  markReadInCache,
  notificationQueries,
  restoreNotifications,
  type NotificationsSnapshot,
} from '#src/api/notifications';
import { vi } from '#src/i18n/vi';
import { toast } from '#src/lib/toast';

/**
 * PUT /api/notifications/read/, shown at once: the items turn read and the bell's count drops
 * before the server answers; a refusal puts them back and says so.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<number, Error, MarkNotificationsReadBody, NotificationsSnapshot>({
    mutationFn: markNotificationsRead,
    onMutate: (body) => markReadInCache(queryClient, body),
    onSuccess: (unread) => {
      queryClient.setQueryData(notificationQueries.unread().queryKey, unread);
    },
    onError: (_error, _body, snapshot) => {
      if (snapshot) restoreNotifications(queryClient, snapshot);
      toast.error(vi.inbox.markReadFailed);
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}

import { useCallback, useState } from 'react';
import type { NotificationRow } from '@shared/api/schemas/notifications';
import { messages } from '@shared/messages';
import { topicRef } from '@shared/topics';
import { useTopic } from '@web/hooks/use-topic';
import { errorMessage } from '@web/lib/api-client';
import { notifyError } from '@web/lib/toast';
import { dismissNotification, markAllNotificationsRead } from '../api/notifications';

export interface NotificationsFeed {
  /** Newest first, without those this tab has just dismissed. */
  notifications: NotificationRow[];
  unread: number;
  /** The first snapshot has arrived. */
  loaded: boolean;
  refused: string | null;
  markingAll: boolean;
  /** Ids whose dismiss call is under way. */
  dismissing: ReadonlySet<string>;
  markAllRead: () => Promise<void>;
  dismiss: (id: string) => Promise<void>;
}

/**
 * The signed-in admin's notifications (spec section 4 "Notifications":
 * unread or read; 'Mark all as read' marks all; dismiss removes one), live
 * from `admin/{id}/notifications`. The server pushes the new read state after
 * each call: the badge follows the topic, not a local guess. A dismissed item
 * is hidden at once, as the server has already removed it.
 */
export function useNotifications(adminId: string): NotificationsFeed {
  const { data, refused } = useTopic(topicRef('adminNotifications', adminId));
  const feed = data.notifications;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const [dismissing, setDismissing] = useState<ReadonlySet<string>>(() => new Set());
  const [markingAll, setMarkingAll] = useState(false);

  const all = feed?.Notifications ?? [];
  const notifications = all.filter((n) => !dismissed.has(n.ID));
  const unreadHidden = all.filter((n) => dismissed.has(n.ID) && !n.Read).length;
  const unread = Math.max(0, (feed?.Unread ?? 0) - unreadHidden);

  const markAllRead = useCallback(async () => {
    setMarkingAll(true);
    try {
      await markAllNotificationsRead(adminId);
    } catch (error) {
      console.error('Mark all as read failed', error);
      notifyError(errorMessage(error, messages.generic.unexpected));
    } finally {
      setMarkingAll(false);
    }
  }, [adminId]);

  const dismiss = useCallback(
    async (id: string) => {
      setDismissing((current) => new Set(current).add(id));
      try {
        await dismissNotification(adminId, id);
        setDismissed((current) => new Set(current).add(id));
      } catch (error) {
        console.error('Dismiss failed', error);
        notifyError(errorMessage(error, messages.generic.unexpected));
      } finally {
        setDismissing((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [adminId],
  );

  return { notifications, unread, loaded: feed !== undefined, refused, markingAll, dismissing, markAllRead, dismiss };
}

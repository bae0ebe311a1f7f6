import { formatDistanceToNowStrict } from 'date-fns';
import type { NotificationRow, NotificationType } from '@shared/api/schemas/notifications';
import { dateTime } from '@web/lib/staff-dates';

const TYPE_LABEL: Record<NotificationType, string> = { success: 'Success', warning: 'Warning', error: 'Error' };
const TYPE_ICON: Record<NotificationType, string> = { success: '✓', warning: '!', error: '×' };

/** "5 minutes ago"; `now` makes it move on as the clock ticks. */
function relativeTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (at.getTime() >= now.getTime() - 30_000) return 'just now';
  return formatDistanceToNowStrict(at, { addSuffix: true });
}

/** One notification: its type (colour, icon and a label for screen readers), unread marker, time and dismiss button. */
export function NotificationItem({
  notification,
  now,
  dismissing,
  onDismiss,
}: {
  notification: NotificationRow;
  now: Date;
  dismissing: boolean;
  onDismiss: (id: string) => void;
}) {
  const { ID, Type, Title, Message, CreatedAt, Read } = notification;
  const at = new Date(CreatedAt);
  return (
    <li className={`notification notification--${Type}${Read ? '' : ' notification--unread'}`}>
      <span className="notification__icon" aria-hidden="true">
        {TYPE_ICON[Type]}
      </span>
      <div className="notification__body">
        <p className="notification__title">
          <span className="visually-hidden">{TYPE_LABEL[Type]}: </span>
          {Title}
          {Read ? null : (
            <span className="notification__unread">
              <span aria-hidden="true" className="notification__dot" />
              <span className="visually-hidden"> (unread)</span>
            </span>
          )}
        </p>
        <p className="notification__message">{Message}</p>
        {Number.isNaN(at.getTime()) ? null : (
          <time className="notification__time" dateTime={CreatedAt} title={dateTime(CreatedAt)}>
            {relativeTime(CreatedAt, now)}
          </time>
        )}
      </div>
      <button
        type="button"
        className="notification__dismiss"
        aria-label={`Dismiss notification: ${Title}`}
        disabled={dismissing}
        onClick={() => onDismiss(ID)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

import { useCallback, useId, useRef, useState } from 'react';
import { messages } from '@shared/messages';
import { Modal } from '@web/components/staff/Modal';
import { useClock } from '@web/hooks/use-clock';
import { useAdmin } from '@web/hooks/use-admin';
import { useNotifications, type NotificationsFeed } from '@web/features/admin/hooks/use-notifications';
import { NotificationItem } from './NotificationItem';
import { usePopupDismiss } from './use-popup-dismiss';

/** The dropdown lists the newest few; 'View All Notifications' lists every one loaded. */
export const DROPDOWN_SHOWN = 5;

/** Relative times ("5 minutes ago") move on while a list is open. */
const RELATIVE_TIME_TICK_MS = 30_000;

/**
 * The header's notifications (spec section 2 "Header pieces", section 4
 * "Notifications"): a bell with the unread count, a dropdown of the newest
 * notifications typed success / warning / error, 'Mark all as read', a
 * dismiss button per item and 'View All Notifications'.
 */
export function NotificationsDropdown() {
  const { adminId } = useAdmin();
  const feed = useNotifications(adminId);
  const [open, setOpen] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  usePopupDismiss(open, root, button, close);
  const closeAll = useCallback(() => {
    setShowAll(false);
    button.current?.focus();
  }, []);

  const label = feed.loaded ? `Notifications, ${feed.unread} unread` : 'Notifications';

  return (
    <div className="dropdown notifications" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-button staff-control notifications__bell"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {feed.unread > 0 ? (
          <span className="notifications__badge" aria-hidden="true" data-testid="notifications-badge">
            {feed.unread > 99 ? '99+' : feed.unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} className="dropdown__panel notifications__panel" aria-labelledby={`${panelId}-title`}>
          <div className="notifications__head">
            <h2 id={`${panelId}-title`} className="notifications__heading">
              Notifications
            </h2>
            <button
              type="button"
              className="link-button"
              disabled={feed.unread === 0 || feed.markingAll}
              onClick={() => void feed.markAllRead()}
            >
              {messages.notification.markAllRead}
            </button>
          </div>
          <NotificationList feed={feed} limit={DROPDOWN_SHOWN} />
          <button
            type="button"
            className="button button--secondary button--small notifications__view-all"
            onClick={() => {
              setOpen(false);
              setShowAll(true);
            }}
          >
            {messages.notification.viewAll}
          </button>
        </section>
      ) : null}
      {showAll ? (
        <Modal
          title="All notifications"
          onClose={closeAll}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                disabled={feed.unread === 0 || feed.markingAll}
                onClick={() => void feed.markAllRead()}
              >
                {messages.notification.markAllRead}
              </button>
              <button type="button" className="button button--primary" onClick={closeAll}>
                Close
              </button>
            </>
          }
        >
          <p className="notifications__summary">
            {feed.notifications.length} notification{feed.notifications.length === 1 ? '' : 's'}, {feed.unread} unread
          </p>
          <NotificationList feed={feed} />
        </Modal>
      ) : null}
    </div>
  );
}

function NotificationList({ feed, limit }: { feed: NotificationsFeed; limit?: number }) {
  const now = useClock(RELATIVE_TIME_TICK_MS);
  if (feed.refused) return <p className="notice notice--error">{feed.refused}</p>;
  if (!feed.loaded) {
    return (
      <p role="status" className="notifications__empty">
        <span className="spinner" aria-hidden="true" /> Loading notifications…
      </p>
    );
  }
  if (feed.notifications.length === 0) {
    return <p className="notifications__empty">No notifications. You are all caught up.</p>;
  }
  const shown = limit === undefined ? feed.notifications : feed.notifications.slice(0, limit);
  return (
    <ul className="notifications__list" role="list">
      {shown.map((notification) => (
        <NotificationItem
          key={notification.ID}
          notification={notification}
          now={now}
          dismissing={feed.dismissing.has(notification.ID)}
          onDismiss={(id) => void feed.dismiss(id)}
        />
      ))}
    </ul>
  );
}

function BellIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

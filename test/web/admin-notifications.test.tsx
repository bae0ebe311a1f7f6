// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, pathOf } from '@shared/api/routes';
import { NOTIFICATIONS_EVENT, type AdminNotifications, type NotificationRow } from '@shared/api/schemas/notifications';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { DROPDOWN_SHOWN } from '@web/features/admin/components/header/NotificationsDropdown';
import { ADMIN_ID, renderAdminPortal } from './support/admin-portal';
import { FakeWebSocket, openLatestSocket } from './support/fake-websocket';
import { json, never, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** The header's notifications dropdown (spec section 2 "Header pieces", section 4 "Notifications"). */
useScreenEnvironment({ sounds: false, webSocket: 'reset', unstubGlobals: true });

const TOPIC = topicNames.adminNotifications(ADMIN_ID);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aNotification(overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    ID: `winner-${Math.random().toString(36).slice(2, 10)}`,
    Type: 'success',
    Title: messages.notification.winnerTitle,
    Message: 'Winner selected for Kiss FM Friday: 2318****56 wins L$ 5,000.00',
    CreatedAt: minutesAgo(5),
    Read: false,
    ...overrides,
  };
}

const SAMPLES: NotificationRow[] = [
  aNotification({ ID: 'winner-d1', CreatedAt: minutesAgo(5) }),
  aNotification({
    ID: 'pending-e1',
    Type: 'warning',
    Title: messages.notification.paymentPendingTitle,
    Message: 'Payment of L$ 100.00 from 2318****04 has been pending for over 10 minutes',
    CreatedAt: minutesAgo(60),
  }),
  aNotification({
    ID: 'payout-p1',
    Type: 'error',
    Title: messages.notification.payoutFailedTitle,
    Message: 'Winner payout of L$ 5,000.00 to 2318****01 for Kiss FM failed: PAYEE_NOT_FOUND',
    CreatedAt: minutesAgo(60 * 26),
    Read: true,
  }),
];

/** Open the portal, the socket, and push the first snapshot. */
async function portalWithFeed(feed: AdminNotifications, api?: Responder) {
  const stub = renderAdminPortal(`/v1/admin/${ADMIN_ID}/winners-list`, api ? { api } : {});
  await screen.findByRole('heading', { level: 1, name: 'Winners List' });
  const socket = openLatestSocket();
  push(feed);
  return { ...stub, socket };
}

function push(feed: AdminNotifications) {
  act(() => FakeWebSocket.latest().serverSend({ topic: TOPIC, event: NOTIFICATIONS_EVENT, data: feed }));
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });

describe('the notifications dropdown', () => {
  it("subscribes to the admin's own topic and shows the unread count on the bell", async () => {
    const { socket } = await portalWithFeed({ Notifications: SAMPLES, Unread: 2 });
    expect(socket.subscribedTopics()).toContain(TOPIC);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('lists each notification with its type, unread marker, relative time and a dismiss button', async () => {
    await portalWithFeed({ Notifications: SAMPLES, Unread: 2 });
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const items = within(panel()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.className)).toEqual([
      'notification notification--success notification--unread',
      'notification notification--warning notification--unread',
      'notification notification--error',
    ]);
    expect(items[0]!.textContent).toContain(`Success: ${messages.notification.winnerTitle} (unread)`);
    expect(items[0]!.textContent).toContain('5 minutes ago');
    expect(items[1]!.textContent).toContain(`Warning: ${messages.notification.paymentPendingTitle} (unread)`);
    expect(items[1]!.textContent).toContain('1 hour ago');
    expect(items[2]!.textContent).toContain(`Error: ${messages.notification.payoutFailedTitle}`);
    expect(items[2]!.textContent).not.toContain('(unread)');
    expect(items[2]!.textContent).toContain('1 day ago');
    expect(
      within(items[2]!).getByRole('button', {
        name: `Dismiss notification: ${messages.notification.payoutFailedTitle}`,
      }),
    ).toBeTruthy();
  });

  it("'Mark all as read' calls the route; the badge clears when the topic pushes the new state", async () => {
    const { requests } = await portalWithFeed({ Notifications: SAMPLES, Unread: 2 }, () =>
      json(200, { message: messages.notification.markedAllRead }),
    );
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: messages.notification.markAllRead }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const call = requests.find((r) => r.method === 'PUT')!;
    expect(call.url).toBe(pathOf(routes.markNotificationsRead, { id: ADMIN_ID }));
    expect(call.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    // the badge follows the topic, not a guess
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    push({ Notifications: SAMPLES.map((n) => ({ ...n, Read: true })), Unread: 0 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 0 unread');
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(
      within(panel()).getByRole('button', { name: messages.notification.markAllRead }).hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(panel())
        .getAllByRole('listitem')
        .every((i) => !i.className.includes('unread')),
    ).toBe(true);
  });

  it('a failed mark all as read says why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await portalWithFeed({ Notifications: SAMPLES, Unread: 2 }, () => json(403, { error: messages.auth.forbidden }));
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: messages.notification.markAllRead }));
    expect(await screen.findByText(messages.auth.forbidden)).toBeTruthy();
  });

  it('dismiss calls the route for that notification and removes it', async () => {
    const { requests } = await portalWithFeed({ Notifications: SAMPLES, Unread: 2 }, () =>
      json(200, { message: messages.notification.dismissed }),
    );
    fireEvent.click(bell());
    const first = within(panel()).getAllByRole('listitem')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: /^Dismiss notification/ }));
    await vi.waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(2));
    const call = requests.find((r) => r.method === 'DELETE')!;
    expect(call.url).toBe(pathOf(routes.dismissNotification, { id: ADMIN_ID, notificationId: 'winner-d1' }));
    // the dismissed unread one no longer counts, before and after the server's push
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    push({ Notifications: SAMPLES.slice(1), Unread: 1 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('the dismiss button is disabled while its call runs', async () => {
    await portalWithFeed({ Notifications: SAMPLES, Unread: 2 }, () => never());
    fireEvent.click(bell());
    const button = within(within(panel()).getAllByRole('listitem')[1]!).getByRole('button', {
      name: /^Dismiss notification/,
    });
    fireEvent.click(button);
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it(`shows the newest ${DROPDOWN_SHOWN}; 'View All Notifications' lists every one loaded`, async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      aNotification({ ID: `winner-${i}`, Title: `Winner ${i}`, CreatedAt: minutesAgo(i + 1) }),
    );
    await portalWithFeed({ Notifications: many, Unread: 8 });
    fireEvent.click(bell());
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(DROPDOWN_SHOWN);
    fireEvent.click(within(panel()).getByRole('button', { name: messages.notification.viewAll }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'All notifications' });
    const listed = within(dialog).getAllByRole('listitem');
    expect(listed).toHaveLength(many.length);
    listed.forEach((item, index) => {
      expect(item.textContent).toContain(`Success: Winner ${index} (unread)`);
    });
    expect(within(dialog).getByText('8 notifications, 8 unread')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('closes on Escape (focus back on the bell) and on a press outside', async () => {
    await portalWithFeed({ Notifications: SAMPLES, Unread: 2 });
    fireEvent.click(bell());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());
    fireEvent.click(bell());
    expect(panel()).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('heading', { level: 1, name: 'Winners List' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('says so when there are none', async () => {
    await portalWithFeed({ Notifications: [], Unread: 0 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 0 unread');
    fireEvent.click(bell());
    expect(within(panel()).getByText('No notifications. You are all caught up.')).toBeTruthy();
    expect(
      within(panel()).getByRole('button', { name: messages.notification.markAllRead }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('shows loading until the first snapshot', async () => {
    renderAdminPortal(`/v1/admin/${ADMIN_ID}/winners-list`);
    await screen.findByRole('heading', { level: 1, name: 'Winners List' });
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    fireEvent.click(bell());
    expect(within(panel()).getByText(/Loading notifications/)).toBeTruthy();
  });
});

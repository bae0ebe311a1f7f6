import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { AnnouncerDashboard, DashboardWinner, PartnerDashboard } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { DASHBOARD_EVENT } from '@shared/topics';
import { saveSession, type StoredSession } from '@web/lib/session';
import AppToaster from '@web/lib/toaster';
import { openLatestSocket } from './fake-websocket';
import { json, stubFetch, type Responder } from './fetch';
import { Where } from './routing';

/**
 * The partner and announcer dashboards in jsdom: a stored
 * session, the network stubbed at fetch (with /auth/me answering for the
 * signed-in user) and the live topic played by FakeWebSocket.
 */

export { landedOn } from './routing';

export type AnnouncerPromotion = AnnouncerDashboard['Promotions'][number];

export const COMMITMENT = 'c0ffee'.padEnd(64, '0');

export function aPromotion(overrides: Partial<AnnouncerPromotion> = {}): AnnouncerPromotion {
  const promotion = {
    assignment_id: 'as-1',
    promotion_id: 'pr-1',
    promotion_title: 'Kiss FM Friday',
    promotion_prize_lrd: '100.00',
    promotion_prize_usd: '0.50',
    threshold: 5,
    starting_threshold: 3,
    shared_code: '1234567890',
    winner_amount: '5000.00',
    windowCommitment: COMMITMENT,
    window_entries: 0,
    ...overrides,
  };
  // not drawn today: the server asks starting_threshold (DESIGN section 4)
  return { ...promotion, required_entries: overrides.required_entries ?? Math.max(1, promotion.starting_threshold) };
}

export function aWinner(overrides: Partial<DashboardWinner> = {}): DashboardWinner {
  return {
    id: 'entry-1',
    draw_id: 'draw-1',
    partner_id: 'p-1',
    promotion_title: 'Kiss FM Friday',
    mobile_number: '2318******00',
    winner_selected: '2026-03-01T10:00:00.000Z',
    winner_amount: '5000.00',
    payout_status: 'pending',
    ...overrides,
  };
}

export function anAnnouncerDashboard(overrides: Partial<AnnouncerDashboard> = {}): AnnouncerDashboard {
  const promotion = aPromotion();
  return {
    Username: 'DJ Mo',
    SearchString: 'A-DJMO',
    PartnerUsername: 'Kiss FM',
    CheckedIn: true,
    Promotions: [promotion],
    PromotionDrawCounts: { [promotion.promotion_title]: { daily: 0, weekly: 0, monthly: 0 } },
    AccountBalance: {},
    DailyWinners: {},
    ClearedToday: [],
    ...overrides,
  };
}

export function aPartnerDashboard(overrides: Partial<PartnerDashboard> = {}): PartnerDashboard {
  return {
    Username: 'Kiss FM',
    MobileMoneyNumber: '231777123456',
    AccountBalance: {},
    PromotionDrawCounts: {},
    DailyWinners: {},
    ClearedToday: [],
    EntriesSeries: [],
    ...overrides,
  };
}

/** The daily count of the first promotion set to `daily`. */
/** `daily` entries today, all in the open window (no draw yet today). */
export function withDaily(
  dashboard: AnnouncerDashboard,
  daily: number,
  title = dashboard.Promotions[0]!.promotion_title,
) {
  const counts = dashboard.PromotionDrawCounts[title] ?? { daily: 0, weekly: 0, monthly: 0 };
  return {
    ...dashboard,
    Promotions: dashboard.Promotions.map((p) => (p.promotion_title === title ? { ...p, window_entries: daily } : p)),
    PromotionDrawCounts: { ...dashboard.PromotionDrawCounts, [title]: { ...counts, daily } },
  };
}

/**
 * The dashboard after a draw of the first promotion today, as the server
 * sends it: `windowEntries` since the draw, today's entries unchanged, the
 * next draw needing the threshold, the winner listed.
 */
export function afterADrawToday(dashboard: AnnouncerDashboard, windowEntries: number, winner: DashboardWinner) {
  const [first, ...rest] = dashboard.Promotions;
  return {
    ...dashboard,
    Promotions: [
      // a draw closes the window: the next one has its own commitment
      {
        ...first!,
        windowCommitment: 'd1'.padEnd(64, '0'),
        window_entries: windowEntries,
        required_entries: Math.max(1, first!.threshold),
      },
      ...rest,
    ],
    DailyWinners: { ...dashboard.DailyWinners, [first!.promotion_title]: [winner] },
  };
}

const me = (id: string, role: string) => ({
  user: { id, role, super_admin: false, username: `${role}-user`, email: `${role}@example.lr` },
});

/** What /auth/me answers for a stored session: its user, or 401 when there is none. */
export const meAnswerOf = (session: StoredSession | null) => () =>
  session ? json(200, me(session.userId, session.userRole)) : json(401, { error: messages.auth.signInRequired });

export interface RenderOptions {
  /** The stored session (default: the user of the route); null for none. */
  session?: StoredSession | null;
  /** What /auth/me answers (default: the user of the route). */
  me?: () => Response;
}

/**
 * Renders `page` at `/v1/{role}/{id}/dashboard`, signed in as that user
 * unless told otherwise; other paths show where the page navigated to.
 * Requests other than /auth/me go to `responder`.
 */
export function renderDashboard(
  role: 'partner' | 'announcer',
  id: string,
  page: ReactElement,
  responder: Responder = () => json(404, { error: 'Not found' }),
  options: RenderOptions = {},
) {
  const session = options.session === undefined ? { userId: id, userRole: role } : options.session;
  if (session) saveSession(session);
  const meAnswer = options.me ?? (() => json(200, me(id, role)));
  const network = stubFetch((request) => (request.url === '/api/v1/auth/me' ? meAnswer() : responder(request)));
  const view = render(
    <MemoryRouter initialEntries={[`/v1/${role}/${id}/dashboard`]}>
      <Routes>
        {/* the announcer chunk routes its own screens (dashboard, on-air draw) under the id */}
        <Route path={`/v1/${role}/:id/*`} element={page} />
        <Route path="*" element={<Where />} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
  return { ...network, view };
}

/** Opens the (fake) socket and sends the topic's snapshot. */
export function openTopic(topic: string): (data: unknown) => void {
  const socket = openLatestSocket();
  return (data: unknown) => act(() => socket.serverSend({ topic, event: DASHBOARD_EVENT, data }));
}

/** Lets pending promises (fetch answers) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { PartnerDashboardPage } from '@web/features/partner/components/PartnerDashboardPage';
import { FakeWebSocket } from './support/fake-websocket';
import { json } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';
import {
  aPartnerDashboard,
  aWinner,
  landedOn,
  meAnswerOf,
  openTopic,
  renderDashboard,
} from './support/staff-dashboards';

/** The partner dashboard (spec section 2 "Partner dashboard", section 9). */

const TOPIC = topicNames.partnerDashboard('p1');
const KISS = 'Kiss FM Friday';
const HOTT = 'Hott FM Sunday';

const counts = (
  over: Partial<{ threshold: number; daily: number; weekly: number; monthly: number; winner_amount: string }> = {},
) => ({
  threshold: 10,
  dayString: '2026-03-01',
  daily: 0,
  weekly: 0,
  monthly: 0,
  winner_amount: '5000.00',
  ...over,
});

function showDashboard(dashboard = aPartnerDashboard()) {
  renderDashboard('partner', 'p1', <PartnerDashboardPage />);
  const push = openTopic(TOPIC);
  push(dashboard);
  return push;
}

const totalBalance = () => screen.getByTestId('total-balance');
const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).parentElement!;

useScreenEnvironment({ sounds: false });

describe('session (spec sections 4 and 6)', () => {
  // the server's session decides (DESIGN section 7): here it is the same one the tab's keys name
  it.each([
    ['another partner', { userId: 'p2', userRole: 'partner' }],
    ['an announcer', { userId: 'p1', userRole: 'announcer' }],
    ['a visitor with no session', null],
  ])('sends %s to /partner/login and clears the session storage', async (_, session) => {
    const me = meAnswerOf(session);
    renderDashboard('partner', 'p1', <PartnerDashboardPage />, undefined, { session, me });
    expect(await landedOn()).toBe('/partner/login');
    expect(sessionStorage.length).toBe(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('opens in a new tab without its own keys when the browser is signed in as this partner (issue 30 item 8)', async () => {
    renderDashboard('partner', 'p1', <PartnerDashboardPage />, undefined, { session: null });
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    expect(sessionStorage.getItem('userId')).toBe('p1');
    expect(sessionStorage.getItem('userRole')).toBe('partner');
  });

  it('sends the visitor away when the server knows the session as another user', async () => {
    renderDashboard('partner', 'p1', <PartnerDashboardPage />, undefined, {
      me: () =>
        json(200, { user: { id: 'p2', role: 'partner', super_admin: false, username: 'x', email: 'x@example.lr' } }),
    });
    expect(await landedOn()).toBe('/partner/login');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the dashboard', () => {
  it('waits for its topic, then welcomes the partner with a clock and a logout', () => {
    renderDashboard('partner', 'p1', <PartnerDashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Partner dashboard' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    const push = openTopic(TOPIC);
    expect(FakeWebSocket.latest().subscribedTopics()).toEqual([TOPIC]);
    push(aPartnerDashboard({ Username: 'Kiss FM' }));
    // the page's own loading is gone (the statement below loads from its own route)
    expect(screen.queryByText(/^\s*Loading…$/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Statement' })).toBeTruthy();
    expect(screen.getByText('Welcome back, Kiss FM!')).toBeTruthy();
    expect(document.querySelector('time.live-clock')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("says, live, that an admin cleared the partner's draw today and what became of its tickets", () => {
    const push = showDashboard();
    expect(document.querySelector('[data-cleared-draw]')).toBeNull();
    push(
      aPartnerDashboard({
        ClearedToday: [
          {
            draw_id: 'd2',
            promotion_title: HOTT,
            cleared_at: '2026-03-01T15:04:00.000Z',
            tickets: 3,
            mode: 'refund',
          },
          { draw_id: 'd1', promotion_title: KISS, cleared_at: '2026-03-01T09:30:00.000Z', tickets: 2, mode: 'carry' },
        ],
      }),
    );
    expect([...document.querySelectorAll('[data-cleared-draw]')].map((notice) => notice.textContent)).toEqual([
      messages.clearDraw.clearedNotice(HOTT, 'Mar 1, 2026 15:04', 3, 'refund'),
      messages.clearDraw.clearedNotice(KISS, 'Mar 1, 2026 09:30', 2, 'carry'),
    ]);
  });

  it('totals entries over the promotions with the rounded average per promotion', () => {
    showDashboard(
      aPartnerDashboard({
        PromotionDrawCounts: {
          [KISS]: counts({ daily: 3, weekly: 10, monthly: 40 }),
          [HOTT]: counts({ daily: 4, weekly: 5, monthly: 41 }),
        },
      }),
    );
    expect(card('Daily Entries').textContent).toContain('7');
    expect(within(card('Daily Entries')).getByText('Average per promotion: 4')).toBeTruthy(); // 3.5
    expect(within(card('Weekly Entries')).getByText('15')).toBeTruthy();
    expect(within(card('Weekly Entries')).getByText('Average per promotion: 8')).toBeTruthy(); // 7.5
    expect(within(card('Monthly Entries')).getByText('81')).toBeTruthy();
    expect(within(card('Monthly Entries')).getByText('Average per promotion: 41')).toBeTruthy(); // 40.5 → 41
  });

  it("shows the total balance as 'L$ 1,234.57', 2 decimals, green above 0 and red otherwise — live", () => {
    const push = showDashboard(aPartnerDashboard({ AccountBalance: { [KISS]: '1000.07', [HOTT]: '234.5' } }));
    expect(totalBalance().textContent).toBe('L$ 1,234.57');
    expect(totalBalance().className).toContain('amount--positive');
    const balances = within(screen.getByRole('heading', { name: 'Balances per Promotion' }).parentElement!);
    expect(balances.getByRole('row', { name: `${KISS} L$ 1,000.07` })).toBeTruthy();
    expect(balances.getByRole('row', { name: `${HOTT} L$ 234.50` })).toBeTruthy();

    push(aPartnerDashboard({ AccountBalance: { [KISS]: '0.00' } }));
    expect(totalBalance().textContent).toBe('L$ 0.00');
    expect(totalBalance().className).toContain('amount--negative');
    expect(totalBalance().className).not.toContain('amount--positive');
  });

  it('shows the partner info', () => {
    showDashboard(aPartnerDashboard({ Username: 'Kiss FM', MobileMoneyNumber: '231777123456' }));
    const info = within(screen.getByRole('heading', { name: 'Partner Info' }).parentElement!);
    expect(info.getByText('Kiss FM')).toBeTruthy();
    expect(info.getByText('231777123456')).toBeTruthy();
  });

  it('shows a card per active promotion with threshold, day, counts, winner amount and the latest winner', () => {
    showDashboard(
      aPartnerDashboard({
        PromotionDrawCounts: {
          [KISS]: counts({ threshold: 8, daily: 2, weekly: 9, monthly: 30, winner_amount: '2500' }),
          [HOTT]: counts(),
        },
        DailyWinners: {
          [KISS]: [
            aWinner({ draw_id: 'd-old', mobile_number: '2318******01', winner_selected: '2026-03-01T08:00:00.000Z' }),
            aWinner({ draw_id: 'd-new', mobile_number: '2318******02', winner_selected: '2026-03-01T12:00:00.000Z' }),
          ],
        },
      }),
    );
    const kiss = within(screen.getByRole('article', { name: KISS }));
    const figure = (term: string) => kiss.getByText(term).nextElementSibling!.textContent;
    expect(figure('Threshold')).toBe('8');
    expect(figure('Day')).toBe('Mar 1, 2026');
    expect(figure('Daily')).toBe('2');
    expect(figure('Weekly')).toBe('9');
    expect(figure('Monthly')).toBe('30');
    expect(figure('Winner Amount')).toBe('L$ 2,500.00');
    expect(figure('Latest Winner')).toBe('2318******02 · Mar 1, 2026');
    const hott = within(screen.getByRole('article', { name: HOTT }));
    expect(hott.getByText('No winner yet today')).toBeTruthy();
  });

  it('lists all winners, newest first', () => {
    showDashboard(
      aPartnerDashboard({
        DailyWinners: {
          [KISS]: [
            aWinner({ draw_id: 'k1', mobile_number: '2318******01', winner_selected: '2026-03-01T08:00:00.000Z' }),
          ],
          [HOTT]: [
            aWinner({
              draw_id: 'h1',
              promotion_title: HOTT,
              mobile_number: '2317******02',
              winner_selected: '2026-03-01T09:00:00.000Z',
              winner_amount: '750',
            }),
          ],
        },
      }),
    );
    const table = within(screen.getByRole('region', { name: 'All Winners' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Promotion',
      'Winner',
      'Amount',
      'Date',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      [HOTT, '2317******02', 'L$ 750.00', 'Mar 1, 2026'],
      [KISS, '2318******01', 'L$ 5,000.00', 'Mar 1, 2026'],
    ]);
  });

  it('charts the 14 days of entries', () => {
    const day = (i: number) => new Date(Date.UTC(2026, 1, 16 + i)).toISOString().slice(0, 10); // Feb 16 … Mar 1
    const series = Array.from({ length: 14 }, (_, i) => ({ day: day(i), entries: i, lrd: '0.00', usd: '0.00' }));
    showDashboard(aPartnerDashboard({ EntriesSeries: series }));
    const chart = within(screen.getByRole('table', { name: 'Entries, last 14 days' }));
    expect(chart.getAllByRole('row')).toHaveLength(15);
    expect(chart.getByRole('row', { name: 'Mar 1 13' })).toBeTruthy();
  });

  it("shows the server's refusal of the topic", () => {
    renderDashboard('partner', 'p1', <PartnerDashboardPage />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() => socket.serverSend({ topic: TOPIC, event: 'error', data: { error: messages.auth.forbidden } }));
    expect(screen.getByRole('alert').textContent).toBe(messages.auth.forbidden);
  });
});

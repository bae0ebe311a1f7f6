// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { pathOf } from '@shared/api/routes';
import { statementRoutes } from '@shared/api/routes/statements';
import type { StatementResponse } from '@shared/api/schemas/payouts';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { AnnouncerDashboardPage } from '@web/features/announcer/components/AnnouncerDashboardPage';
import { THRESHOLD_TOAST_MS } from '@web/features/announcer/hooks/use-threshold-toast';
import { SUCCESS_NOTES } from '@web/lib/sounds';
import { installMatchMedia } from './support/browser-apis';
import { FakeWebSocket, setTabVisibility } from './support/fake-websocket';
import { json } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';
import {
  afterADrawToday,
  aPromotion,
  anAnnouncerDashboard,
  aWinner,
  landedOn,
  meAnswerOf,
  openTopic,
  renderDashboard,
  withDaily,
} from './support/staff-dashboards';

/** The announcer dashboard (spec section 2 "Announcer dashboard", sections 4 and 9). */

const TOPIC = topicNames.announcerDashboard('a1');
const KISS = 'Kiss FM Friday';
const HOTT = 'Hott FM Sunday';

function showDashboard(dashboard = anAnnouncerDashboard()) {
  const network = renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />);
  const push = openTopic(TOPIC);
  push(dashboard);
  return { ...network, push };
}

/** Two promotions, no draw today: each window holds all of its promotion's entries today. */
const twoPromotions = (counts: { kiss?: Partial<Counts>; hott?: Partial<Counts> } = {}) =>
  anAnnouncerDashboard({
    Promotions: [
      aPromotion({ window_entries: counts.kiss?.daily ?? 0 }),
      aPromotion({
        assignment_id: 'as-2',
        promotion_title: HOTT,
        promotion_prize_lrd: '200.00',
        promotion_prize_usd: '1.00',
        threshold: 10,
        starting_threshold: 4,
        window_entries: counts.hott?.daily ?? 0,
      }),
    ],
    PromotionDrawCounts: {
      [KISS]: { daily: 0, weekly: 0, monthly: 0, ...counts.kiss },
      [HOTT]: { daily: 0, weekly: 0, monthly: 0, ...counts.hott },
    },
  });
type Counts = { daily: number; weekly: number; monthly: number };

const bar = (name: string) => Number(screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow'));
const region = (name: string) => within(screen.getByRole('region', { name }));

const sounds = useScreenEnvironment();

describe('session (spec sections 4 and 6)', () => {
  // the server's session decides (DESIGN section 7): here it is the same one the tab's keys name
  it.each([
    ['another announcer', { userId: 'a2', userRole: 'announcer' }],
    ['a partner', { userId: 'a1', userRole: 'partner' }],
    ['a visitor with no session', null],
  ])('sends %s to /announcer/login and clears the session storage', async (_, session) => {
    const me = meAnswerOf(session);
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />, undefined, { session, me });
    expect(await landedOn()).toBe('/announcer/login');
    expect(sessionStorage.length).toBe(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('opens in a new tab without its own keys when the browser is signed in as this announcer (issue 30 item 8)', async () => {
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />, undefined, { session: null });
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    expect(sessionStorage.getItem('userId')).toBe('a1');
    expect(sessionStorage.getItem('userRole')).toBe('announcer');
  });

  it('sends the visitor away when the server has no such session', async () => {
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />, undefined, {
      me: () => json(401, { error: messages.auth.signInRequired }),
    });
    expect(await landedOn()).toBe('/announcer/login');
    expect(sessionStorage.length).toBe(0);
  });

  it('subscribes to its own topic and shows the loading state until the first snapshot', () => {
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />);
    const push = openTopic(TOPIC);
    expect(FakeWebSocket.latest().subscribedTopics()).toEqual([TOPIC]);
    expect(screen.getByRole('heading', { level: 1, name: 'Announcer dashboard' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading', { name: /Active Promotion/ })).toBeNull();
    push(anAnnouncerDashboard());
    expect(screen.queryByText(/Loading/)).toBeNull();
    expect(screen.getByRole('heading', { name: `Active Promotion: ${KISS}` })).toBeTruthy();
  });

  it('tells an announcer with no promotion why and whom to ask, instead of loading for ever', () => {
    const { push } = showDashboard(anAnnouncerDashboard({ Promotions: [], PromotionDrawCounts: {} }));
    const status = screen.getByRole('status');
    expect(status.textContent).not.toContain('Loading');
    expect(status.textContent).toBe(messages.announcer.noPromotions(anAnnouncerDashboard().PartnerUsername));
    expect(status.textContent).toContain('Ask your station manager');
    push(anAnnouncerDashboard());
    expect(screen.queryByText(/Ask your station manager/)).toBeNull();
    expect(screen.getByRole('heading', { name: `Active Promotion: ${KISS}` })).toBeTruthy();
  });

  it('holds its live connection only while the tab is visible', () => {
    showDashboard();
    const first = FakeWebSocket.latest();
    act(() => setTabVisibility('hidden'));
    expect(first.readyState).toBe(FakeWebSocket.CLOSED);
    act(() => setTabVisibility('visible'));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.serverOpen());
    expect(second.subscribedTopics()).toEqual([TOPIC]);
  });

  it("after a loss shows 'Reconnecting...', retries every 5 s and takes the fresh snapshot", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showDashboard(withDaily(anAnnouncerDashboard(), 1));
    const first = FakeWebSocket.latest();
    act(() => first.serverDrop());
    expect(screen.getByText(messages.stream.reconnecting)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(FakeWebSocket.latest()).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    const push = openTopic(TOPIC);
    expect(second.subscribedTopics()).toEqual([TOPIC]);
    push(withDaily(anAnnouncerDashboard(), 2));
    expect(screen.getByTestId('threshold-count').textContent).toBe('2 / 3');
  });

  it("shows the server's refusal of the topic", () => {
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() =>
      socket.serverSend({ topic: TOPIC, event: 'error', data: { error: 'You do not have access to this topic.' } }),
    );
    expect(screen.getByRole('alert').textContent).toBe('You do not have access to this topic.');
  });
});

describe('sidebar', () => {
  it('opens and closes, switches tabs, and logs out through /logout', () => {
    showDashboard();
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Promotions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));

    expect(screen.getByRole('button', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Promotions' }));
    expect(screen.getByRole('heading', { name: 'Active Promotions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Recent Winners' }));
    expect(screen.getByRole('heading', { name: 'All Winners' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('on a phone', () => {
  it('starts with the menu closed, so the dashboard comes first', () => {
    const phone = (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    vi.stubGlobal('matchMedia', phone);
    onTestFinished(() => installMatchMedia(false));
    showDashboard();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Promotions' })).toBeNull();
    expect(screen.getByRole('heading', { name: `Active Promotion: ${KISS}` })).toBeTruthy();
  });
});

describe('dashboard tab', () => {
  it('opens on the promotion whose draw is ready, the one the threshold toast names', () => {
    showDashboard(twoPromotions({ kiss: { daily: 1 }, hott: { daily: 4 } }));
    expect(screen.getByRole('heading', { name: `Active Promotion: ${HOTT}` })).toBeTruthy();
    expect(screen.getAllByText(messages.draw.thresholdMet(HOTT))).toHaveLength(1);
  });

  it('opens on the first promotion when none is ready', () => {
    showDashboard(twoPromotions({ kiss: { daily: 1 }, hott: { daily: 1 } }));
    expect(screen.getByRole('heading', { name: `Active Promotion: ${KISS}` })).toBeTruthy();
  });

  it("shows the active promotion's banner and its price to play", () => {
    showDashboard();
    expect(screen.getByRole('heading', { name: `Active Promotion: ${KISS}` })).toBeTruthy();
    expect(screen.getByText('L$ 100.00 to Play')).toBeTruthy();
  });

  it("caps the threshold bar at 100% and shows today's entries against the threshold", () => {
    const { push } = showDashboard(withDaily(anAnnouncerDashboard(), 1));
    expect(screen.getByTestId('threshold-count').textContent).toBe('1 / 3');
    expect(bar('Threshold progress')).toBe(33);
    push(withDaily(anAnnouncerDashboard(), 9));
    expect(screen.getByTestId('threshold-count').textContent).toBe('9 / 3');
    expect(bar('Threshold progress')).toBe(100);
  });

  it("keeps today's entries through a draw, which resets only the next draw's count", () => {
    const card = () =>
      screen
        .getByRole('heading', { level: 3, name: "Today's Entries" })
        .parentElement!.querySelector('.stat-card__value')!.textContent;
    const { push } = showDashboard(withDaily(anAnnouncerDashboard(), 9));
    expect(card()).toBe('9');
    expect(screen.getByTestId('threshold-count').textContent).toBe('9 / 3');
    push(afterADrawToday(withDaily(anAnnouncerDashboard(), 9), 0, aWinner()));
    expect(card()).toBe('9');
    expect(screen.getByTestId('threshold-count').textContent).toBe('0 / 5');
  });

  it('adds up the four cards across promotions', () => {
    showDashboard({
      ...twoPromotions({ kiss: { daily: 3 }, hott: { daily: 5 } }),
      AccountBalance: { [KISS]: '1000.07', [HOTT]: '234.50' },
      DailyWinners: {
        [KISS]: [aWinner({ draw_id: 'd1' }), aWinner({ draw_id: 'd2' })],
        [HOTT]: [aWinner({ draw_id: 'd3', promotion_title: HOTT })],
      },
    });
    const card = (title: string) =>
      screen.getByRole('heading', { level: 3, name: title }).parentElement!.querySelector('.stat-card__value')!
        .textContent;
    expect(card('Total Balance')).toBe('L$ 1,234.57');
    expect(card('Active Promotions')).toBe('2');
    expect(card('Total Winners')).toBe('3');
    expect(card("Today's Entries")).toBe('8');
  });

  it('counts a negative balance line in the Total Balance, as the partner dashboard and the admin lists do', () => {
    showDashboard({
      ...twoPromotions({ kiss: { daily: 3 }, hott: { daily: 5 } }),
      AccountBalance: { [KISS]: '1000.07', [HOTT]: '-5.00' },
    });
    const total = screen
      .getByRole('heading', { level: 3, name: 'Total Balance' })
      .parentElement!.querySelector('.stat-card__value')!.textContent;
    expect(total).toBe('L$ 995.07');
  });

  it("scales 'Entry Statistics' bars to 1,000, 5,000 and 20,000, capped at 100%", () => {
    showDashboard(
      twoPromotions({
        kiss: { daily: 100, weekly: 2000, monthly: 15000 },
        hott: { daily: 150, weekly: 500, monthly: 10000 },
      }),
    );
    const stats = region('Entry Statistics');
    expect(stats.getByText('Daily Entries')).toBeTruthy();
    expect(bar('Daily Entries')).toBe(25);
    expect(bar('Weekly Entries')).toBe(50);
    expect(bar('Monthly Entries')).toBe(100);
    expect(stats.getByText('25,000')).toBeTruthy();
  });

  it("lists the 6 newest winners by winner_selected, newest first, dated 'MMM d, yyyy'", () => {
    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();
    const kiss = [3, 9, 1, 7].map((hour, i) =>
      aWinner({ draw_id: `k${i}`, mobile_number: `2318*****k${hour}`, winner_selected: at(hour === 1 ? 2 : 1, hour) }),
    );
    const hott = [2, 8, 5, 11].map((hour, i) =>
      aWinner({
        draw_id: `h${i}`,
        promotion_title: HOTT,
        mobile_number: `2317*****h${hour}`,
        winner_selected: at(1, hour),
        winner_amount: '12500.5',
      }),
    );
    showDashboard({ ...twoPromotions(), DailyWinners: { [KISS]: kiss, [HOTT]: hott } });
    const items = region('Recent Winners').getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.querySelector('.recent-winners__number')!.textContent)).toEqual([
      '2318*****k1', // Mar 2
      '2317*****h11',
      '2318*****k9',
      '2317*****h8',
      '2318*****k7',
      '2317*****h5',
    ]);
    expect(within(items[0]!).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(items[0]!).getByText(KISS)).toBeTruthy();
    expect(within(items[0]!).getByText('L$ 5,000.00')).toBeTruthy();
    expect(within(items[1]!).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(items[1]!).getByText('L$ 12,500.50')).toBeTruthy();
  });
});

describe('the threshold toast (spec sections 4 and 9)', () => {
  const toastsOf = (title: string) => screen.queryAllByText(messages.draw.thresholdMet(title));

  it('appears once per promotion when its daily count reaches the threshold', () => {
    const { push } = showDashboard(twoPromotions({ kiss: { daily: 2 } }));
    expect(toastsOf(KISS)).toHaveLength(0);
    push(twoPromotions({ kiss: { daily: 3 } }));
    expect(toastsOf(KISS)).toHaveLength(1);
    expect(sounds.played.slice(0, SUCCESS_NOTES.length)).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    push(twoPromotions({ kiss: { daily: 4 } }));
    push(twoPromotions({ kiss: { daily: 0 } }));
    push(twoPromotions({ kiss: { daily: 5 } }));
    expect(toastsOf(KISS)).toHaveLength(1);
    expect(toastsOf(HOTT)).toHaveLength(0);
    push(twoPromotions({ kiss: { daily: 5 }, hott: { daily: 4 } }));
    expect(toastsOf(HOTT)).toHaveLength(1);
    expect(toastsOf(KISS)).toHaveLength(1);
  });

  it('stays 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    showDashboard(withDaily(anAnnouncerDashboard(), 3));
    expect(toastsOf(KISS)).toHaveLength(1);
    // longer than a plain success toast's 2 s
    await act(() => vi.advanceTimersByTimeAsync(THRESHOLD_TOAST_MS - 100));
    expect(toastsOf(KISS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100)); // dismissed at 5 s…
    await act(() => vi.advanceTimersByTimeAsync(1000)); // …and gone after the toaster's 1 s exit
    expect(toastsOf(KISS)).toHaveLength(0);
  });
});

describe('promotions tab', () => {
  it('shows a card per promotion with prices, entries against threshold and bars scaled threshold × 7 and × 30', () => {
    showDashboard(
      twoPromotions({ kiss: { daily: 2, weekly: 21, monthly: 300 }, hott: { daily: 1, weekly: 7, monthly: 30 } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Promotions' }));
    const kiss = within(screen.getByRole('article', { name: KISS }));
    expect(kiss.getByText('L$ 100.00 · US$ 0.50')).toBeTruthy();
    expect(kiss.getByText('2 / 3')).toBeTruthy();
    expect(bar(`${KISS} weekly entries`)).toBe(60); // 21 of 5 × 7
    expect(bar(`${KISS} monthly entries`)).toBe(100); // 300 of 5 × 30, capped
    const hott = within(screen.getByRole('article', { name: HOTT }));
    expect(hott.getByText('L$ 200.00 · US$ 1.00')).toBeTruthy();
    expect(bar(`${HOTT} weekly entries`)).toBe(10); // 7 of 10 × 7
    expect(bar(`${HOTT} monthly entries`)).toBe(10); // 30 of 10 × 30

    fireEvent.click(hott.getByRole('button', { name: 'Select Promotion' }));
    expect(screen.getByRole('heading', { name: `Active Promotion: ${HOTT}` })).toBeTruthy();
    expect(screen.getByText('L$ 200.00 to Play')).toBeTruthy();
    expect(screen.getByTestId('threshold-count').textContent).toBe('1 / 4');
  });
});

describe('statement tab (its own credits by promotion and payouts)', () => {
  const statement = (lines: StatementResponse['Lines'], balance: string): StatementResponse => ({
    Credits: [
      { Promotion: KISS, Amount: '1240.00', Entries: 31 },
      { Promotion: HOTT, Amount: '6.00', Entries: 1 },
    ],
    Lines: lines,
    Balance: balance,
  });
  const PAID: StatementResponse['Lines'][number] = {
    At: '2026-11-25T14:05:00.000Z',
    Kind: 'payout',
    Promotion: KISS,
    Amount: '-1000.00',
    Status: 'paid',
    Balance: '246.00',
  };
  const CREDIT: StatementResponse['Lines'][number] = {
    At: '2026-11-25T10:00:00.000Z',
    Kind: 'credit',
    Promotion: KISS,
    Amount: '1240.00',
    Entries: 31,
    Balance: '1246.00',
  };

  it("reads the announcer's own statement: credits by promotion, each payout with its status, and the balance; a failed payout shows once the live balance changes", async () => {
    let answer = statement([PAID, CREDIT], '246.00');
    const { requests } = renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />, () => json(200, answer));
    const push = openTopic(TOPIC);
    push(anAnnouncerDashboard({ AccountBalance: { [KISS]: '240.00', [HOTT]: '6.00' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Statement' }));

    const card = within(screen.getByRole('region', { name: 'Statement' }));
    expect(await card.findByText('Balance: L$ 246.00')).toBeTruthy();
    expect(
      within(card.getByRole('list', { name: 'Credits by promotion' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${KISS}: L$ 1,240.00 from 31 entries`, `${HOTT}: L$ 6.00 from 1 entry`]);
    const rows = () =>
      card
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(rows()).toEqual([
      ['Nov 25, 2026', 'Payout', KISS, 'L$ -1,000.00', 'Paid', 'L$ 246.00'],
      ['Nov 25, 2026', 'Entries (31)', KISS, 'L$ 1,240.00', '', 'L$ 1,246.00'],
    ]);
    // its own statement only: GET /api/v1/announcer/a1/statement
    expect(requests.filter((r) => r.url.includes('/statement')).map((r) => r.url)).toEqual([
      pathOf(statementRoutes.announcerStatement, { id: 'a1' }),
    ]);

    // a payout fails and its amount is restored: the live balance changes and the statement is read again
    answer = statement(
      [
        {
          At: '2026-11-26T09:00:00.000Z',
          Kind: 'restored',
          Promotion: KISS,
          Amount: '200.00',
          Status: 'failed',
          Reason: 'PAYEE_NOT_FOUND',
          Balance: '446.00',
        },
        PAID,
        CREDIT,
      ],
      '446.00',
    );
    push(anAnnouncerDashboard({ AccountBalance: { [KISS]: '440.00', [HOTT]: '6.00' } }));
    expect(await card.findByText('Balance: L$ 446.00')).toBeTruthy();
    expect(rows()[0]).toEqual([
      'Nov 26, 2026',
      'Payout failed — restored',
      KISS,
      'L$ 200.00',
      'Failed (PAYEE_NOT_FOUND)',
      'L$ 446.00',
    ]);
  });
});

describe('winners tab', () => {
  it("lists 'All Winners' grouped by promotion with Promotion, Winner, Amount (LRD) and Date", () => {
    showDashboard({
      ...twoPromotions(),
      DailyWinners: {
        [KISS]: [
          aWinner({ draw_id: 'k1', mobile_number: '2318******01' }),
          aWinner({ draw_id: 'k2', mobile_number: '2318******02' }),
        ],
        [HOTT]: [
          aWinner({ draw_id: 'h1', promotion_title: HOTT, mobile_number: '2317******03', winner_amount: '750' }),
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Recent Winners' }));
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Promotion',
      'Winner',
      'Amount (LRD)',
      'Date',
    ]);
    const groups = screen.getByRole('table').querySelectorAll('tbody');
    expect(groups).toHaveLength(2);
    expect(within(groups[0] as HTMLElement).getByRole('rowheader').textContent).toBe(KISS);
    expect(within(groups[0] as HTMLElement).getAllByRole('row')).toHaveLength(2);
    expect(within(groups[1] as HTMLElement).getByRole('rowheader').textContent).toBe(HOTT);
    expect(within(groups[1] as HTMLElement).getByText('L$ 750.00')).toBeTruthy();
    expect(within(groups[1] as HTMLElement).getByText('Mar 1, 2026')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import {
  DRAW_LIST_EVENTS,
  HOUSE_GAMES_EVENT,
  type HouseGameSummary,
  type PartnerDrawSummary,
} from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { ADMIN_ID, renderAdminPortal } from './support/admin-portal';
import { FakeWebSocket, openLatestSocket } from './support/fake-websocket';
import { json, never, type Responder } from './support/fetch';
import { actionGroups } from './support/actions';
import { aDrawRow } from './support/admin-records';
import { useScreenEnvironment } from './support/screen-environment';

/** The Draw tab, Partners' Data Analytics (spec section 2; sections 7 and 8 "Draws"). */
useScreenEnvironment({ webSocket: 'reset', unstubGlobals: true });

const KISS = aDrawRow();
const ELBC = aDrawRow({
  AssignmentID: 'as-2',
  PartnerID: 'p-2',
  PartnerUsername: 'ELBC Radio',
  PartnerCurrentTotal: 2,
  Percentage: 20,
  PromotionTitle: 'Weekend Jackpot',
  WeeklyCount: 9,
  MonetaryValue: '0.00',
  PartnerSearchString: 'ELBC',
  PromotionID: 'promo-2',
  SharedCode: '5555555555',
  WindowCommitment: undefined,
  WindowEntries: 2,
  RequiredEntries: 5,
});

/** The server's answer to a Conduct Draw: the winner selected. */
const WINNER_ANSWER = {
  message: 'Winner selected for Kiss FM: 231886123456.',
  winner: {
    id: 'e-1',
    draw_id: 'd-1',
    partner_id: 'p-1',
    mobile_number: '231886123456',
    winner_selected: '2025-03-14T12:30:00.000Z',
    winner_amount: '5000.00',
    MobileNumber: '231886123456',
    PartnerID: 'p-1',
    WinnerAmount: '5000.00',
    WinnerSelected: '2025-03-14T12:30:00.000Z',
    DrawID: 'd-1',
  },
};

function pushAll(
  daily: PartnerDrawSummary[],
  weekly = daily.map((r) => ({ ...r, PartnerCurrentTotal: r.WeeklyCount })),
) {
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.serverSend({ topic: topicNames.adminDrawList, event: DRAW_LIST_EVENTS.D, data: daily });
    socket.serverSend({ topic: topicNames.adminDrawList, event: DRAW_LIST_EVENTS.W, data: weekly });
    socket.serverSend({ topic: topicNames.adminDrawList, event: DRAW_LIST_EVENTS.M, data: weekly });
    socket.serverSend({ topic: topicNames.adminDrawList, event: DRAW_LIST_EVENTS.Y, data: weekly });
  });
}

async function openDrawTab(api?: Responder) {
  const stub = renderAdminPortal(`/v1/admin/${ADMIN_ID}/jacktop-list`, { superAdmin: true, ...(api ? { api } : {}) });
  await screen.findByRole('heading', { level: 1, name: "Partners' Data Analytics" });
  openLatestSocket();
  return stub;
}

const rowOf = (partner: string) => screen.getByRole('rowheader', { name: partner }).closest('tr')!;
/** The screen's notice of the last draw or clear. */
const outcome = () => screen.getByRole('main').querySelector('p.notice')?.textContent;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const conductButton = (partner: string) => within(rowOf(partner)).getByRole('button', { name: /^Conduct Draw/ });
/** Conduct Draw, then confirm it in its dialog. */
function conductAndConfirm(partner: string) {
  fireEvent.click(conductButton(partner));
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Conduct Draw' })).getByRole('button', { name: 'Conduct Draw' }),
  );
}

describe("Partners' Data Analytics", () => {
  it('lists every partner promotion live from admin/draw-list, in the spec columns', async () => {
    await openDrawTab();
    expect(FakeWebSocket.latest().subscribedTopics()).toContain(topicNames.adminDrawList);
    expect(screen.getByText(/Loading partner promotions/)).toBeTruthy();
    pushAll([KISS, ELBC]);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Partner Name',
      'Current Entries',
      'Percentages',
      'Promotion Title',
      'Weekly Entries',
      'Account Balance',
      'Actions',
    ]);
    const kiss = cells(rowOf('Kiss FM'));
    expect(kiss[0]).toBe('77 in this draw; next draw needs 5 (threshold 10; first draw of the day 5)');
    expect(kiss[1]).toBe('70.0%');
    expect(kiss[2]).toContain('Friday Cash');
    expect(kiss[2]).toContain('Seed commitment c0ffeec0ffeec0ff…');
    expect(kiss.slice(3, 5)).toEqual(['40', 'L$ 1,234.50']);
    expect(within(rowOf('Kiss FM')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    expect(cells(rowOf('ELBC Radio'))[2]).not.toContain('Seed commitment');

    // a new paid entry: the row follows the topic
    pushAll([{ ...KISS, PartnerCurrentTotal: 8, Percentage: 80, WindowEntries: 8 }, ELBC]);
    expect(within(rowOf('Kiss FM')).getByTestId('current-entries').textContent).toBe('8');
    expect(within(rowOf('Kiss FM')).getByTestId('window-entries').textContent).toBe('8');
    // after a draw today's entries stay (as on the partner's and announcer's dashboards); the open draw starts again
    pushAll([{ ...KISS, PartnerCurrentTotal: 8, Percentage: 80, WindowEntries: 0 }, ELBC]);
    expect(within(rowOf('Kiss FM')).getByTestId('current-entries').textContent).toBe('8');
    expect(within(rowOf('Kiss FM')).getByTestId('window-entries').textContent).toBe('0');
  });

  it('searches by partner, promotion or code, and says when nothing matches', async () => {
    await openDrawTab();
    pushAll([KISS, ELBC]);
    const search = screen.getByRole('searchbox', { name: 'Search partners' });
    fireEvent.change(search, { target: { value: 'weekend' } });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['ELBC Radio']);
    fireEvent.change(search, { target: { value: '1234567890' } });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Kiss FM']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No partners match your search. Try adjusting your search terms.')).toBeTruthy();
  });

  it('shows the chosen period in Current Entries', async () => {
    await openDrawTab();
    pushAll([KISS, ELBC]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Entries for' }), { target: { value: 'W' } });
    expect(cells(rowOf('Kiss FM'))[0]).toBe('40');
  });

  it('says so when there is no active partner promotion', async () => {
    await openDrawTab();
    pushAll([]);
    expect(screen.getByText('No active partner promotions yet.')).toBeTruthy();
  });

  it("Conduct Draw sends the spec's body and announces the winner selected for the partner", async () => {
    const { requests } = await openDrawTab(() => json(200, WINNER_ANSWER));
    pushAll([KISS, ELBC]);
    conductAndConfirm('Kiss FM');
    const notice = await screen.findByText(/^Winner selected for Kiss FM \(Friday Cash\): 231886123456, Mar 14, 2025/, {
      selector: 'p',
    });
    expect(notice.className).toBe('notice notice--success');
    const call = requests.find((r) => r.method === 'PUT')!;
    expect(call.url).toBe(pathOf(routes.selectWinner, { id: ADMIN_ID }));
    expect(call.body).toEqual({ partner: 'KISSFM', threshold: 10, dailyDraw: 7, shared_code: '1234567890' });
    expect(messages.draw.winnerSelectedFor('Kiss FM')).toBe('Winner selected for Kiss FM');
  });

  it("shows the server's text when the draw is refused, else 'Failed to conduct draw'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: Response = json(502, {});
    await openDrawTab(() => answer);
    pushAll([KISS]);
    const button = conductButton('Kiss FM');
    const conductAnd = async (expected: string) => {
      await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
      conductAndConfirm('Kiss FM');
      await vi.waitFor(() => expect(outcome()).toBe(expected));
    };
    await conductAnd(messages.draw.failed);
    expect(screen.getByRole('main').querySelector('p.notice')!.className).toBe('notice notice--error');
    expect(screen.getAllByText(messages.draw.failed)).toHaveLength(2); // the notice and the toast
    answer = json(400, { error: messages.draw.thresholdNotMet(7, 10) });
    await conductAnd(messages.draw.thresholdNotMet(7, 10));
    // an answer without a winner is unexpected: the fallback too
    answer = json(200, { message: 'ok' });
    await conductAnd(messages.draw.failed);
  });

  it("disables the row's buttons and reads 'Conducting Draw...' while the draw runs", async () => {
    await openDrawTab(() => never());
    pushAll([KISS, { ...ELBC, WindowEntries: 5 }]);
    conductAndConfirm('Kiss FM');
    const buttons = within(rowOf('Kiss FM')).getAllByRole('button');
    expect(buttons.map((b) => b.hasAttribute('disabled'))).toEqual([true, true]);
    expect(buttons[0]!.textContent).toContain(messages.draw.conducting);
    expect(
      within(rowOf('ELBC Radio'))
        .getAllByRole('button')
        .map((b) => b.hasAttribute('disabled')),
    ).toEqual([false, false]);
  });

  it('after a draw, Conduct Draw stays off until the topic shows the new window (the old count would offer it again)', async () => {
    const { requests } = await openDrawTab(() => json(200, WINNER_ANSWER));
    pushAll([KISS, ELBC]);
    conductAndConfirm('Kiss FM');
    await screen.findByText(/^Winner selected for Kiss FM/, { selector: 'p' });
    // the draw answered, but the row still shows the window it drew: 7 entries of 5
    pushAll([{ ...KISS, PartnerCurrentTotal: 8 }, ELBC]);
    expect(conductButton('Kiss FM').hasAttribute('disabled')).toBe(true);
    fireEvent.click(conductButton('Kiss FM'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // the next window (its own commitment) with enough entries: on again
    pushAll([{ ...KISS, WindowCommitment: 'd1'.repeat(32), WindowEntries: 5 }, ELBC]);
    expect(conductButton('Kiss FM').hasAttribute('disabled')).toBe(false);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('Conduct Draw confirms first, naming the partner, promotion, entries in the draw and the prize; Cancel draws nothing', async () => {
    const { requests } = await openDrawTab(() => never());
    pushAll([KISS, ELBC]);
    fireEvent.click(conductButton('Kiss FM'));
    const dialog = screen.getByRole('dialog', { name: 'Conduct Draw' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Kiss FM');
    expect(text).toContain('Friday Cash (code 1234567890)');
    expect(within(dialog).getByTestId('conduct-entries').textContent).toBe('7 (needs 5)');
    expect(text).toContain('L$ 5,000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    conductAndConfirm('Kiss FM');
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
  });

  it("Conduct Draw is disabled below the server's required entries, with the reason, and enabled once they are met", async () => {
    await openDrawTab();
    pushAll([KISS, ELBC]);
    const below = conductButton('ELBC Radio');
    expect(below.hasAttribute('disabled')).toBe(true);
    expect(below.getAttribute('title')).toBe(messages.draw.thresholdNotMet(2, 5));
    expect(conductButton('Kiss FM').hasAttribute('disabled')).toBe(false);
    // the server's number rules, not the threshold: 5 entries meet a required 5 though the threshold is 10
    pushAll([KISS, { ...ELBC, WindowEntries: 5, PartnerCurrentTotal: 5 }]);
    expect(conductButton('ELBC Radio').hasAttribute('disabled')).toBe(false);
    expect(conductButton('ELBC Radio').getAttribute('title')).toBeNull();
  });

  it('sets Clear Draw apart from Conduct Draw, in its own destructive group', async () => {
    await openDrawTab();
    pushAll([KISS]);
    expect(actionGroups(rowOf('Kiss FM'))).toEqual({
      routine: [`${messages.draw.conduct} for Kiss FM, Friday Cash`],
      destructive: ['Clear Draw for Kiss FM'],
    });
  });

  it("Clear Draw is disabled when none of the partner's open windows holds a paid entry", async () => {
    await openDrawTab();
    const second = { ...KISS, AssignmentID: 'as-3', PromotionTitle: 'Night Cash', WindowEntries: 1 };
    pushAll([{ ...KISS, WindowEntries: 0 }, second, { ...ELBC, WindowEntries: 0 }]);
    const clearOf = (row: HTMLElement) => within(row).getByRole('button', { name: /^Clear Draw/ });
    expect(clearOf(rowOf('ELBC Radio')).hasAttribute('disabled')).toBe(true);
    expect(clearOf(rowOf('ELBC Radio')).getAttribute('title')).toMatch(/^Nothing to clear/);
    // a clear closes every window of the partner: one entry in another promotion keeps it on
    for (const row of screen.getAllByRole('rowheader', { name: 'Kiss FM' }))
      expect(clearOf(row.closest('tr')!).hasAttribute('disabled')).toBe(false);
  });

  it("lists the house games with tonight's entries and the next draw time, drawn automatically (no buttons)", async () => {
    await openDrawTab();
    pushAll([KISS]);
    const house: HouseGameSummary[] = [
      {
        Game: 'daily',
        Title: 'Daily Cash Giveaway',
        WindowEntries: 12,
        NextDrawAt: '2026-11-26T21:00:00.000Z',
        DrawTime: '21:00',
      },
      {
        Game: 'jackpot',
        Title: 'Jackpot',
        WindowEntries: 40,
        NextDrawAt: '2026-11-29T20:30:00.000Z',
        DrawTime: '20:30',
      },
    ];
    const section = screen.getByRole('region', { name: 'House games' });
    expect(within(section).getByText('Loading house games…')).toBeTruthy();
    act(() =>
      FakeWebSocket.latest().serverSend({ topic: topicNames.adminDrawList, event: HOUSE_GAMES_EVENT, data: house }),
    );
    const daily = within(section).getByRole('rowheader', { name: 'Daily Cash Giveaway' }).closest('tr')!;
    expect(cells(daily)).toEqual(['12', 'Nov 26, 2026 21:00 GMT', 'Drawn automatically at 21:00 GMT']);
    const jackpot = within(section).getByRole('rowheader', { name: 'Jackpot' }).closest('tr')!;
    expect(cells(jackpot)).toEqual(['40', 'Nov 29, 2026 20:30 GMT', 'Drawn automatically at 20:30 GMT']);
    expect(within(section).queryAllByRole('button')).toEqual([]);
  });

  it('Clear Draw first shows the paid tickets it affects, carries by default, and shows the returned message', async () => {
    const cleared = messages.clearDraw.cleared(1, 'Kiss FM', 3, 'carry');
    const preview = {
      partner: 'Kiss FM',
      paid_tickets: 3,
      promotions: [{ promotion_title: 'Morning Raffle', shared_code: '4444444444', paid_tickets: 3 }],
    };
    const { requests } = await openDrawTab((request) =>
      request.method === 'GET'
        ? json(200, preview)
        : json(200, { message: cleared, mode: 'carry', promotions: 1, paid_tickets: 3 }),
    );
    pushAll([KISS, ELBC]);
    fireEvent.click(within(rowOf('Kiss FM')).getByRole('button', { name: 'Clear Draw for Kiss FM' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear Draw' });
    expect(dialog.textContent).toContain('Kiss FM');
    expect(await within(dialog).findByText(messages.clearDraw.affects(3))).toBeTruthy();
    expect(requests.find((r) => r.method === 'GET' && r.url.includes('/preview'))!.url).toBe(
      `${pathOf(routes.clearPartnerDrawPreview, { id: ADMIN_ID })}?partner=KISSFM`,
    );
    expect(
      (within(dialog).getByRole('radio', { name: messages.clearDraw.carryOption }) as HTMLInputElement).checked,
    ).toBe(true);
    // Cancel sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(rowOf('Kiss FM')).getByRole('button', { name: 'Clear Draw for Kiss FM' }));
    await screen.findByText(messages.clearDraw.affects(3));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Clear Draw' })).getByRole('button', { name: 'Clear Draw' }),
    );
    expect(await screen.findByText(cleared, { selector: 'p' })).toBeTruthy();
    const call = requests.find((r) => r.method === 'DELETE')!;
    expect(call.url).toBe(pathOf(routes.clearPartnerDraw, { id: ADMIN_ID }));
    expect(call.body).toEqual({ partnerUsername: 'KISSFM', mode: 'carry' });
  });

  it("Clear Draw's confirm stays off while the paid tickets are counted, and after the count failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answerPreview: () => Promise<Response> | Response = () => never();
    const { requests } = await openDrawTab((request) =>
      request.method === 'GET' ? answerPreview() : json(200, { message: 'cleared' }),
    );
    pushAll([KISS]);
    const confirmOf = () =>
      within(screen.getByRole('dialog', { name: 'Clear Draw' })).getByRole('button', { name: 'Clear Draw' });
    const openClear = () =>
      fireEvent.click(within(rowOf('Kiss FM')).getByRole('button', { name: 'Clear Draw for Kiss FM' }));
    // still counting: nothing at stake is shown yet, so nothing can be confirmed
    openClear();
    expect(screen.getByText('Counting the paid tickets…')).toBeTruthy();
    expect(confirmOf().hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirmOf());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // the count failed: the dialog says so and still refuses to confirm
    answerPreview = () => json(500, { error: 'boom' });
    openClear();
    expect(await screen.findByText(messages.clearDraw.previewFailed)).toBeTruthy();
    expect(confirmOf().hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirmOf());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // counted: now it can be confirmed
    answerPreview = () => json(200, { partner: 'Kiss FM', paid_tickets: 4, promotions: [] });
    openClear();
    await screen.findByText(messages.clearDraw.affects(4));
    expect(confirmOf().hasAttribute('disabled')).toBe(false);
  });

  it('Clear Draw can refund the players instead', async () => {
    const { requests } = await openDrawTab((request) =>
      request.method === 'GET'
        ? json(200, { partner: 'Kiss FM', paid_tickets: 2, promotions: [] })
        : json(200, {
            message: messages.clearDraw.cleared(1, 'Kiss FM', 2, 'refund'),
            mode: 'refund',
            promotions: 1,
            paid_tickets: 2,
          }),
    );
    pushAll([KISS]);
    fireEvent.click(within(rowOf('Kiss FM')).getByRole('button', { name: 'Clear Draw for Kiss FM' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear Draw' });
    await within(dialog).findByText(messages.clearDraw.affects(2));
    fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(messages.clearDraw.refundOption) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Draw' }));
    expect(
      await screen.findByText(messages.clearDraw.cleared(1, 'Kiss FM', 2, 'refund'), { selector: 'p' }),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')!.body).toEqual({ partnerUsername: 'KISSFM', mode: 'refund' });
  });

  it("a failed clear says 'Failed to clear partner draws. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openDrawTab((request) =>
      request.method === 'GET'
        ? json(200, { partner: 'Kiss FM', paid_tickets: 1, promotions: [] })
        : json(500, { error: 'boom' }),
    );
    pushAll([KISS]);
    fireEvent.click(within(rowOf('Kiss FM')).getByRole('button', { name: 'Clear Draw for Kiss FM' }));
    await screen.findByText(messages.clearDraw.affects(1));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Clear Draw' })).getByRole('button', { name: 'Clear Draw' }),
    );
    expect(await screen.findByText(messages.draw.clearFailed, { selector: 'p' })).toBeTruthy();
  });

  it('shows the refusal when the server refuses the topic', async () => {
    await openDrawTab();
    act(() =>
      FakeWebSocket.latest().serverSend({
        topic: topicNames.adminDrawList,
        event: 'error',
        data: { error: messages.auth.forbidden },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(messages.auth.forbidden);
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { AnnouncerDashboardPage } from '@web/features/announcer/components/AnnouncerDashboardPage';
import { DrawButton } from '@web/features/announcer/components/DrawButton';
import { DRAW_BUSY_MS } from '@web/features/announcer/hooks/use-announcer-draw';
import { toast } from '@web/lib/toast';
import { json, never, offline, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';
import {
  aPromotion,
  anAnnouncerDashboard,
  aWinner,
  COMMITMENT,
  openTopic,
  renderDashboard,
  settle,
  withDaily,
  afterADrawToday,
} from './support/staff-dashboards';

/** The announcer's draw button (spec sections 2, 4, 5, 7, 8, 9). */

const TOPIC = topicNames.announcerDashboard('a1');
const DRAW_URL = '/api/v1/announcer/a1/draw';
const SEED = 'ab'.repeat(32);

const drawButton = () =>
  screen.getByRole('button', { name: new RegExp(`${messages.draw.conduct}|${messages.draw.notMet}|Conducting`) });

const winnerAnswer = {
  winner: {
    id: 'e1',
    draw_id: 'd-1',
    partner_id: 'p-1',
    mobile_number: '231886000100',
    winner_selected: '2026-03-01T10:00:00.000Z',
    winner_amount: '5000.00',
  },
};
/** The record as GET /public/draws/{id} answers it (the page checks it against the route's contract). */
const publicRecord = {
  draw_id: 'd-1',
  method: 'commit-reveal-1',
  game: 'partner',
  promotion_title: 'Morning Show',
  kind: 'threshold',
  window_no: 1,
  commitment: COMMITMENT,
  seed: SEED,
  window_count: 3,
  entry_count: 3,
  first_seq: 1,
  winning_seq: 2,
  winner: '2318****00',
  prize_lrd: '5000.00',
  opened_at: null,
  closed_at: null,
  merkle_root: null,
  beacon: null,
  drawn_at: '2026-03-01T10:00:00.000Z',
};

/** Draws answer with a winner and its public record, unless told otherwise. */
const drawsAnswer =
  (draw: () => Response | Promise<Response> = () => json(200, winnerAnswer)): Responder =>
  (request) => {
    if (request.url === DRAW_URL && request.method === 'PUT') return draw();
    if (request.url === '/api/v1/public/draws/d-1') return json(200, publicRecord);
    return json(404, { error: 'Not found' });
  };

function showDashboard(responder: Responder = drawsAnswer(), dashboard = withDaily(anAnnouncerDashboard(), 3)) {
  const network = renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />, responder);
  const push = openTopic(TOPIC);
  push(dashboard);
  return { ...network, push };
}

useScreenEnvironment();

describe('the draw button', () => {
  it("reads 'Threshold Not Met' and is disabled below the threshold", () => {
    showDashboard(drawsAnswer(), withDaily(anAnnouncerDashboard(), 2));
    const button = drawButton();
    expect(button.textContent).toBe(messages.draw.notMet);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('threshold-count').textContent).toBe('2 / 3');
  });

  it("reads 'Conduct Draw' once today's entries reach the threshold, and sends the spec's body", async () => {
    const { requests } = showDashboard();
    const button = drawButton();
    expect(button.textContent).toBe(messages.draw.conduct);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await settle();
    const draws = requests.filter((r) => r.url === DRAW_URL);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.method).toBe('PUT');
    expect(draws[0]!.headers.get('X-Requested-With')).toBeTruthy();
    expect(draws[0]!.body).toEqual({
      partner: 'Kiss FM',
      threshold: 5,
      starting_threshold: 3,
      daily_draw: 3,
      search_string: 'A-DJMO',
      promotion_title: 'Kiss FM Friday',
      shared_code: '1234567890',
    });
  });

  it("needs the server's count: the threshold, not the starting threshold, once the promotion was drawn today", () => {
    const drawnToday = afterADrawToday(withDaily(anAnnouncerDashboard(), 9), 4, aWinner());
    showDashboard(drawsAnswer(), drawnToday);
    expect(drawButton().textContent).toBe(messages.draw.notMet);
    expect(screen.getByTestId('threshold-count').textContent).toBe('4 / 5');
  });

  it("shows 'Conducting Draw...' with a spinner and stays busy for 3 seconds after the click", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { requests, push } = showDashboard();
    fireEvent.click(drawButton());
    expect(drawButton().textContent).toContain(messages.draw.conducting);
    expect(drawButton().querySelector('.spinner')).not.toBeNull();
    expect((drawButton() as HTMLButtonElement).disabled).toBe(true);
    await settle(); // the draw has answered
    // a second click while busy sends nothing
    fireEvent.click(drawButton());
    await act(() => vi.advanceTimersByTimeAsync(DRAW_BUSY_MS - 1));
    expect(drawButton().textContent).toContain(messages.draw.conducting);
    expect((drawButton() as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // the topic has not reset the count yet: the draw is not offered again on the old window's count
    expect(drawButton().textContent).toContain(messages.draw.conducting);
    expect((drawButton() as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect((drawButton() as HTMLButtonElement).disabled).toBe(true);
    // the new window arrives: its own count decides
    push(afterADrawToday(withDaily(anAnnouncerDashboard(), 3), 0, aWinner()));
    expect(drawButton().textContent).toBe(messages.draw.notMet);
    push(afterADrawToday(withDaily(anAnnouncerDashboard(), 8), 5, aWinner()));
    expect(drawButton().textContent).toBe(messages.draw.conduct);
    expect((drawButton() as HTMLButtonElement).disabled).toBe(false);
    expect(requests.filter((r) => r.url === DRAW_URL)).toHaveLength(1);
  });

  it('is not offered to a checked-out announcer, and says why', () => {
    const { push } = showDashboard(drawsAnswer(), { ...withDaily(anAnnouncerDashboard(), 3), CheckedIn: false });
    const button = drawButton() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const note = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(messages.draw.notCheckedIn);
    // checked in by an admin: the dashboard follows live
    push(withDaily(anAnnouncerDashboard(), 3));
    expect((drawButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(messages.draw.notCheckedIn)).toBeNull();
  });

  it('stays disabled while the draw for that promotion runs, but not for another promotion', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const second = aPromotion({
      assignment_id: 'as-2',
      promotion_title: 'Hott FM Sunday',
      shared_code: '2222222222',
      windowCommitment: 'f'.repeat(64),
      window_entries: 3,
    });
    const dashboard = anAnnouncerDashboard({
      Promotions: [aPromotion({ window_entries: 3 }), second],
      PromotionDrawCounts: {
        'Kiss FM Friday': { daily: 3, weekly: 3, monthly: 3 },
        'Hott FM Sunday': { daily: 3, weekly: 3, monthly: 3 },
      },
    });
    showDashboard(
      drawsAnswer(() => never()),
      dashboard,
    );
    fireEvent.click(drawButton());
    await act(() => vi.advanceTimersByTimeAsync(DRAW_BUSY_MS + 1000));
    // the request never answered: still conducting
    expect(drawButton().textContent).toContain(messages.draw.conducting);
    expect((drawButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Promotions' }));
    const card = screen.getByRole('article', { name: 'Hott FM Sunday' });
    fireEvent.click(within(card).getByRole('button', { name: 'Select Promotion' }));
    expect(screen.getByRole('heading', { name: 'Active Promotion: Hott FM Sunday' })).toBeTruthy();
    expect(drawButton().textContent).toBe(messages.draw.conduct);
    expect((drawButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('window-commitment').textContent).toBe('f'.repeat(64));
  });

  it('is disabled with no active promotion', () => {
    render(<DrawButton hasPromotion={false} met conducting={false} checkedIn onDraw={() => undefined} />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's error text, else 'Failed to conduct draw'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const answers = [() => json(409, { error: messages.draw.alreadyConducted }), () => offline(), () => json(500, {})];
    showDashboard(drawsAnswer(() => answers.shift()!()));
    fireEvent.click(drawButton());
    await settle();
    expect(screen.getByText(messages.draw.alreadyConducted)).toBeTruthy();

    for (const _ of [1, 2]) {
      await act(() => vi.advanceTimersByTimeAsync(DRAW_BUSY_MS));
      act(() => toast.remove());
      fireEvent.click(drawButton());
      await settle();
      expect(screen.getByText(messages.draw.failed)).toBeTruthy();
    }
    expect(answers).toHaveLength(0);
  });
});

describe('after a draw', () => {
  it('shows the revealed seed beside the commitment, with a link to the public draw record page', async () => {
    showDashboard();
    expect(screen.getByTestId('window-commitment').textContent).toBe(COMMITMENT);
    // named and explained in plain words for radio staff, not left as raw hex
    expect(screen.getByText('Fairness code:')).toBeTruthy();
    expect(screen.getByText(/nobody, not even us, can choose or know the winner in advance/)).toBeTruthy();
    fireEvent.click(drawButton());
    expect(await screen.findByTestId('revealed-seed')).toBeTruthy();
    expect(screen.getByTestId('revealed-seed').textContent).toBe(SEED);
    const link = screen.getByRole('link', { name: /public draw record/i });
    // the record's public page (checked in the browser), not its raw JSON
    expect(link.getAttribute('href')).toBe('/draws/d-1');
  });

  it('takes the winner and the reset count from the topic, not from a local guess', async () => {
    const { push } = showDashboard();
    fireEvent.click(drawButton());
    await screen.findByTestId('revealed-draw');
    // until the topic says so, the count and the winners are unchanged
    expect(screen.getByTestId('threshold-count').textContent).toBe('3 / 3');
    expect(within(screen.getByRole('region', { name: 'Recent Winners' })).queryAllByRole('listitem')).toHaveLength(0);

    const winner = aWinner({
      draw_id: 'd-1',
      mobile_number: '2318******00',
      winner_selected: new Date().toISOString(),
    });
    push(afterADrawToday(withDaily(anAnnouncerDashboard(), 3), 0, winner));
    expect(screen.getByTestId('threshold-count').textContent).toBe('0 / 5');
    const items = within(screen.getByRole('region', { name: 'Recent Winners' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('2318******00');
  });
});

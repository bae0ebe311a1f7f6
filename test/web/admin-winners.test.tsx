// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_WINNERS_EVENT, type AdminWinnerRow } from '@shared/api/schemas/draws';
import { topicNames } from '@shared/topics';
import { ADMIN_ID, renderAdminPortal } from './support/admin-portal';
import { FakeWebSocket, openLatestSocket } from './support/fake-websocket';
import { useScreenEnvironment } from './support/screen-environment';

/** The Winners List (spec section 2 "Winners List"): every admin, live from admin/winners. */
useScreenEnvironment({ sounds: false, webSocket: 'reset', unstubGlobals: true });

function aWinner(overrides: Partial<AdminWinnerRow> = {}): AdminWinnerRow {
  return {
    MobileNumber: '231886123456',
    PartnerID: 'p-1',
    PartnerUsername: 'Kiss FM',
    WinnerAmount: '5000.00',
    WinnerSelected: '2024-11-29T12:30:00.000Z',
    PromotionTitle: 'Friday Cash',
    DrawID: 'd-1',
    PayoutStatus: 'paid',
    ...overrides,
  };
}

const WINNERS = [
  aWinner(),
  aWinner({
    DrawID: 'd-2',
    MobileNumber: '231770000777',
    PartnerUsername: 'ELBC Radio',
    PromotionTitle: 'Weekend Jackpot',
    WinnerAmount: '25000.00',
    WinnerSelected: '2024-11-28T15:00:00.000Z',
  }),
];

async function openWinners() {
  renderAdminPortal(`/v1/admin/${ADMIN_ID}/winners-list`);
  await screen.findByRole('heading', { level: 1, name: 'Winners List' });
  openLatestSocket();
}

function push(winners: AdminWinnerRow[]) {
  act(() =>
    FakeWebSocket.latest().serverSend({
      topic: topicNames.adminWinners,
      event: ADMIN_WINNERS_EVENT,
      data: { Winners: winners },
    }),
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the Winners List', () => {
  it('shows Mobile Number, Partners, Winner Amount and Date Selected, newest first, live', async () => {
    await openWinners();
    expect(FakeWebSocket.latest().subscribedTopics()).toContain(topicNames.adminWinners);
    expect(screen.getByText(/Loading winners/)).toBeTruthy();
    push(WINNERS);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mobile Number', 'Partners', 'Winner Amount', 'Date Selected']);
    const first = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(0, 3)).toEqual(['231886123456', 'Kiss FMFriday Cash', 'L$ 5,000.00']);
    expect(first[3]).toMatch(/^Nov 29, 2024 \d\d:\d\d$/);
    expect(screen.getByText('2 winners')).toBeTruthy();

    push([aWinner({ DrawID: 'd-3', MobileNumber: '231555000123' }), ...WINNERS]);
    expect(bodyRows()).toHaveLength(3);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('231555000123');
  });

  it('searches by number, partner or promotion', async () => {
    await openWinners();
    push(WINNERS);
    const search = screen.getByRole('searchbox', { name: 'Search winners' });
    fireEvent.change(search, { target: { value: 'elbc' } });
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['231770000777']);
    expect(screen.getByText('1 of 2 winners')).toBeTruthy();
    fireEvent.change(search, { target: { value: '8861' } });
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['231886123456']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No winners match your search. Try adjusting your search terms.')).toBeTruthy();
  });

  it('says so when no winner has been drawn yet', async () => {
    await openWinners();
    push([]);
    expect(screen.getByText('No winners yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

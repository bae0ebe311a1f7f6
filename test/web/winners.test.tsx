// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WinnersPage } from '@web/features/public/components/WinnersPage';
import { json, never, offline, stubFetch } from './support/fetch';

function renderWinners() {
  render(
    <MemoryRouter>
      <WinnersPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/winners', () => {
  it('shows the real totals and winners from the API, with masked numbers', async () => {
    const { requests } = stubFetch(() =>
      json(200, {
        Winners: [
          {
            MobileNumber: '2317******56',
            WinnerAmount: '10000.00',
            WinnerSelected: '2024-12-01T21:00:04Z',
            Game: 'daily-draw',
            DrawID: 'house-daily-w7',
          },
          {
            MobileNumber: '2318******11',
            WinnerAmount: '31250.5',
            WinnerSelected: '2024-12-01T23:59:59Z',
            Game: 'jackpot',
          },
        ],
        TotalWinners: 1874,
        TotalPaidLRD: '2504000.00',
      }),
    );
    renderWinners();
    const table = await screen.findByRole('table');
    expect(requests[0]).toMatchObject({ url: '/api/v1/public/winners', method: 'GET' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['2317******56', 'Daily Cash Giveaway', '10,000.00 LRD', 'Dec 1, 2024', 'Check the draw of 2317******56'],
      // a row without a draw id (an older answer) has no record link
      ['2318******11', 'Jackpot', '31,250.50 LRD', 'Dec 1, 2024', ''],
    ]);
    // every winner's draw record page (DESIGN section 4, "Fair draws")
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/draws/house-daily-w7']);
    expect(screen.getByText('1,874')).toBeTruthy();
    expect(screen.getByText('2,504,000.00 LRD')).toBeTruthy();
  });

  it('says so when there are no winners yet', async () => {
    stubFetch(() => json(200, { Winners: [], TotalWinners: 0, TotalPaidLRD: '0.00' }));
    renderWinners();
    expect(await screen.findByText(/No winners yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loading state, then an error when the API cannot be reached', async () => {
    stubFetch(() => never());
    renderWinners();
    expect(screen.getByRole('status').textContent).toContain('Loading winners');
    cleanup();
    vi.unstubAllGlobals();

    stubFetch(() => offline());
    renderWinners();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
  });

  it('treats a missing endpoint as an error, not as data', async () => {
    stubFetch(() => json(404, { error: 'Not found' }));
    renderWinners();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

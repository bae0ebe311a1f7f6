// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { ReportsScreen } from '@web/features/reports/screens/ReportsScreen';
import { renderAdminScreen } from './support/admin-screen';
import { json, type SeenRequest } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** The Reports screen (super admins; DESIGN section 4 "Tax"). */

useScreenEnvironment({ webSocket: 'none' });

const figures = (currency: 'LRD' | 'USD', stakes: string, paid: string, owed: string, ggr: string, tax: string) => ({
  currency,
  stakes,
  prizesPaid: paid,
  prizesOwed: owed,
  ggr,
  tax,
});

const REPORT: ReportResponse = {
  period: { kind: 'day', value: '2087-03-09', from: '2087-03-09T00:00:00.000Z', to: '2087-03-10T00:00:00.000Z' },
  byGame: [
    {
      key: 'promo-1',
      label: 'Morning Show',
      game: 'partner',
      ...figures('LRD', '200.00', '30.00', '0.00', '170.00', '34.00'),
      drawIds: ['draw-1'],
    },
    {
      key: 'promo-1',
      label: 'Morning Show',
      game: 'partner',
      ...figures('USD', '1.00', '0.00', '0.00', '1.00', '0.20'),
      drawIds: [],
    },
  ],
  byPartner: [
    {
      key: 'partner-1',
      label: 'Kiss FM',
      game: 'partner',
      ...figures('LRD', '200.00', '30.00', '0.00', '170.00', '34.00'),
      drawIds: ['draw-1'],
    },
  ],
  totals: [
    figures('LRD', '200.00', '30.00', '0.00', '170.00', '34.00'),
    figures('USD', '1.00', '0.00', '0.00', '1.00', '0.20'),
  ],
  filing: { stakesValueLrd: '395.00', prizesLrd: '30.00', ggrLrd: '365.00', taxLrd: '73.00' },
  taxPrefill: {
    currentBonusGiveaway: '30.00',
    totalYDGiveaway: '30.00',
    currentPaymentToGovt: '73.00',
    yDOfThe20Percent: '73.00',
  },
  seal: { sealed: true, hash: 'ab'.repeat(32), sealedAt: '2087-03-10T00:15:00.000Z' },
};

function respond(request: SeenRequest) {
  const url = new URL(request.url, 'http://local');
  if (url.pathname.endsWith('/reports/lines')) {
    const cursor = url.searchParams.get('cursor');
    return json(200, {
      items: [
        {
          kind: 'entry',
          id: cursor ? 'entry-2' : 'entry-1',
          line: cursor ? 'line-2' : 'line-1',
          at: '2087-03-09T10:00:00.000Z',
          currency: 'LRD',
          amount: '100.00',
          assignmentId: 'a1',
          promotionId: 'promo-1',
          partnerId: 'partner-1',
          mobileNumber: '231880000103',
        },
      ],
      pageTotal: '100.00',
      cursor: cursor ? null : 'next-page',
    });
  }
  if (url.pathname.endsWith('/reports/seals')) {
    return json(200, {
      month: '2087-03',
      status: 'changed',
      days: [{ day: '2087-03-08', hash: 'x', status: 'data-changed' }],
    });
  }
  return json(200, REPORT);
}

const renderScreen = () =>
  renderAdminScreen(<ReportsScreen />, { responder: respond, path: '/v1/admin/admin-1/reports' });

describe('the Reports screen', () => {
  it('shows the chosen period per game, per partner and in total, each currency apart, with the seal', async () => {
    const { requests } = renderScreen();
    fireEvent.change(screen.getByRole('textbox', { name: 'Day' }), { target: { value: '2087-03-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const games = await screen.findByRole('region', { name: 'Table: Per game' });
    expect(requests.at(-1)!.url).toBe('/api/v1/admin/admin-1/reports?period=day&value=2087-03-09');
    const rows = within(games).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Morning Show', 'LRD', 'L$ 200.00', 'L$ 30.00', 'L$ 0.00', 'L$ 170.00', 'L$ 34.00', '1'],
      ['Morning Show', 'USD', 'US$ 1.00', 'US$ 0.00', 'US$ 0.00', 'US$ 1.00', 'US$ 0.20', '0'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Table: Per partner' })).getByText('Kiss FM')).toBeTruthy();
    const seal = screen.getAllByRole('status').find((status) => status.textContent?.startsWith('Sealed'))!;
    expect(seal.textContent).toBe(`Sealed 2087-03-09: ${'ab'.repeat(32)}`);
    // the hash is set apart to wrap anywhere: unbroken, 64 characters are wider than a 360 px phone
    expect(within(seal).getByText('ab'.repeat(32)).className).toBe('commitment');
    expect(screen.getByRole('link', { name: 'File tax for this period' }).getAttribute('href')).toBe(
      '/v1/admin/admin-1/create-tax-analytics?period=day&value=2087-03-09',
    );
  });

  it('opens the entries a stakes figure sums, page by page', async () => {
    const { requests } = renderScreen();
    await screen.findByRole('region', { name: 'Table: Per game' });
    fireEvent.click(screen.getByRole('button', { name: /^Stakes of Morning Show in LRD/ }));
    const lines = await screen.findByRole('heading', { name: 'Stakes of Morning Show (LRD)' });
    expect(await screen.findByText('Entry entry-1')).toBeTruthy();
    const asked = new URL(requests.at(-1)!.url, 'http://local');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      figure: 'stakes',
      scope: 'game',
      key: 'promo-1',
      currency: 'LRD',
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('Entry entry-2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(lines).toBeTruthy();
  });

  it("verifies the month's seals and names the days that changed", async () => {
    renderScreen();
    await screen.findByRole('region', { name: 'Table: Per game' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify the month’s seals' })));
    expect(await screen.findByText(`${messages.reports.sealsChanged} 2087-03-08 (data changed)`)).toBeTruthy();
  });
});

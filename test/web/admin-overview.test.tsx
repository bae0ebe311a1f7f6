// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OVERVIEW_EVENTS, type OverviewTaxFiling } from '@shared/api/schemas/dashboards';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { CARD_TITLES, SECTION_TITLES } from '@web/features/live/components/overview-cards';
import { ADMIN_ID, renderAdminPortal } from './support/admin-portal';
import { FakeWebSocket, openLatestSocket } from './support/fake-websocket';
import { today, winners, year } from './support/overview-records';
import { useScreenEnvironment } from './support/screen-environment';

/** The general entries dashboard bound to admin/overview (spec section 2 "Overview", section 3 "Dashboard overview record"). */
useScreenEnvironment({ sounds: false, webSocket: 'reset', unstubGlobals: true });

const taxFiling: OverviewTaxFiling = {
  RecentTaxSetting: {
    CurrentBonusGiveaway: '1000.00',
    currentPaymentToGovt: '200.00',
    totalYDGiveaway: '5000.00',
    YDOfThe20Percent: '900.00',
    filedAt: '2025-03-10T09:00:00.000Z',
  },
};

async function openOverview() {
  renderAdminPortal(`/v1/admin/${ADMIN_ID}/overview`);
  await screen.findByRole('heading', { level: 1, name: messages.overview.title });
  return openLatestSocket();
}

function send(event: string, data: unknown) {
  act(() => FakeWebSocket.latest().serverSend({ topic: topicNames.adminOverview, event, data }));
}

function sendAll() {
  send(OVERVIEW_EVENTS.today, today);
  send(OVERVIEW_EVENTS.yearToDate, year);
  send(OVERVIEW_EVENTS.winnersAndTax, winners);
  send(OVERVIEW_EVENTS.taxFiling, taxFiling);
}

/** A card's value, subtitle and trend texts, found by its title. */
function card(title: string) {
  const article = screen.getByRole('heading', { level: 3, name: title }).closest('article')!;
  const text = (selector: string) => article.querySelector(selector)?.textContent?.trim();
  return {
    value: text('.stat-card__value'),
    subtitle: text('.stat-card__subtitle'),
    trend: text('.trend'),
    trendClass: article.querySelector('.trend')?.className,
  };
}

describe('the overview', () => {
  it("shows the title, the welcome line, the admin's name and a clock; loading until the figures arrive", async () => {
    const socket = await openOverview();
    expect(socket.subscribedTopics()).toContain(topicNames.adminOverview);
    expect(screen.getByText(messages.overview.welcome)).toBeTruthy();
    // the topic's Username is '' (one topic for all admins): the signed-in admin's own name is shown
    const main = within(screen.getByRole('main'));
    expect((await main.findByText(/Signed in as/)).textContent).toBe('Signed in as Comfort Kollie');
    expect(document.querySelector('time.live-clock')).toBeTruthy();
    expect(screen.getByText(/Loading the overview/)).toBeTruthy();
    send(OVERVIEW_EVENTS.today, today);
    expect(screen.getByText(/Loading the overview/)).toBeTruthy();
    sendAll();
    expect(screen.queryByText(/Loading the overview/)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('binds the current figures to daily_draw and total_winner_history, trends against yesterday', async () => {
    await openOverview();
    sendAll();
    const section = screen.getByRole('region', { name: new RegExp(SECTION_TITLES.current) });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      CARD_TITLES.totalEntries,
      CARD_TITLES.moneyInLrd,
      CARD_TITLES.moneyInUsd,
      CARD_TITLES.overallWinners,
      CARD_TITLES.feesLrd,
    ]);
    expect(card(CARD_TITLES.totalEntries)).toMatchObject({
      value: '1,234',
      trend: '+12.5% vs yesterday',
      trendClass: 'trend trend--up',
    });
    expect(card(CARD_TITLES.moneyInLrd)).toMatchObject({
      value: 'L$ 123,400.00',
      trend: '-3.2% vs yesterday',
      trendClass: 'trend trend--down',
    });
    // no base yesterday: no percentage, a dash with its label
    expect(card(CARD_TITLES.moneyInUsd)).toMatchObject({
      value: 'US$ 45.50',
      trend: '— vs yesterday',
      trendClass: 'trend trend--flat',
    });
    expect(card(CARD_TITLES.overallWinners)).toMatchObject({ value: '874', subtitle: 'Winners drawn since launch' });
    expect(card(CARD_TITLES.feesLrd)).toMatchObject({
      value: 'L$ 3,702.00',
      subtitle: 'Today; also US$ 1.36 on USD entries',
    });
  });

  it('binds the year-to-date cards to draw_history_all, trends against the same span last year', async () => {
    await openOverview();
    sendAll();
    expect(card(CARD_TITLES.totalEntriesYd)).toMatchObject({
      value: '98,765',
      trend: '0.0% vs same period last year',
      trendClass: 'trend trend--flat',
    });
    expect(card(CARD_TITLES.revenueYdLrd)).toMatchObject({
      value: 'L$ 9,876,500.00',
      trend: '— vs same period last year',
    });
    expect(card(CARD_TITLES.revenueYdUsd)).toMatchObject({
      value: 'US$ 3,210.25',
      trend: '+150.0% vs same period last year',
    });
    expect(card(CARD_TITLES.winnersYd)).toMatchObject({ value: '42', subtitle: 'Winners drawn in 2025' });
    expect(card(CARD_TITLES.feesYdUsd)).toMatchObject({
      value: 'US$ 36.88',
      subtitle: 'In 2025; also L$ 138,840.00 on LRD entries',
    });
  });

  it("binds payments to winners and the government's 20% to total_winner_history", async () => {
    await openOverview();
    sendAll();
    expect(card(CARD_TITLES.paymentToWinners).value).toBe('L$ 10,000.00');
    expect(card(CARD_TITLES.taxToGovt).value).toBe('L$ 22,680.00');
    expect(card(CARD_TITLES.totalYdGiveaway).value).toBe('L$ 210,000.00');
    expect(card(CARD_TITLES.ydTax).value).toBe('L$ 1,933,300.00');
    expect(card(CARD_TITLES.announcersPayout)).toMatchObject({
      value: 'L$ 239,500.00',
      subtitle: 'Paid to announcers this year; today L$ 1,500.00',
    });
    expect(CARD_TITLES.announcersPayout).toBe('Announcers Bouns Payout');
  });

  it('shows the 14-day chart, the newest draws and the latest tax filing', async () => {
    await openOverview();
    sendAll();
    const chart = screen.getByRole('img', { name: 'Paid entries, last 14 days' });
    expect(chart.querySelectorAll('rect')).toHaveLength(14);
    const draws = screen.getByRole('region', { name: 'Recent draws' });
    const row = within(draws).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Kiss FM Friday');
    expect(row.textContent).toContain('231886123456');
    expect(row.textContent).toContain('L$ 5,000.00');
    expect(row.textContent).toContain('paid');
    const tax = screen.getByRole('region', { name: 'Latest tax filing' });
    expect(within(tax).getByText('Current Payment (Tax) To Government').nextSibling?.textContent).toBe('L$ 200.00');
  });

  it('follows every push live', async () => {
    await openOverview();
    sendAll();
    send(OVERVIEW_EVENTS.winnersAndTax, { ...winners, TotalWinners: 875 });
    expect(card(CARD_TITLES.overallWinners).value).toBe('875');
    send(OVERVIEW_EVENTS.today, { ...today, CurrentEntries: 1235, Trends: { ...today.Trends, CurrentEntries: null } });
    expect(card(CARD_TITLES.totalEntries)).toMatchObject({ value: '1,235', trend: '— vs yesterday' });
  });

  it('lists failed prize payouts awaiting retry, and says when no tax filing exists', async () => {
    await openOverview();
    sendAll();
    send(OVERVIEW_EVENTS.winnersAndTax, {
      ...winners,
      FailedPrizePayouts: [
        {
          DrawID: 'd9',
          MobileNumber: '231886000101',
          WinnerAmount: '5000.00',
          Reason: 'PAYEE_NOT_FOUND',
          Attempt: 2,
          FailedAt: '',
        },
      ],
    });
    send(OVERVIEW_EVENTS.taxFiling, { RecentTaxSetting: { ...taxFiling.RecentTaxSetting, filedAt: '' } });
    expect(screen.getByRole('region', { name: 'Prize payouts awaiting retry' }).textContent).toContain(
      'L$ 5,000.00 to 231886000101: PAYEE_NOT_FOUND (attempt 2)',
    );
    expect(screen.getByText('No tax analytics filed yet.')).toBeTruthy();
  });
});

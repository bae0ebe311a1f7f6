// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { topicNames } from '../../shared/topics';
import { CardSection } from '../../web/src/features/admin/components/overview/CardSection';
import { FailedPrizePayouts } from '../../web/src/features/admin/components/overview/FailedPrizePayouts';
import { RecentDraws } from '../../web/src/features/admin/components/overview/RecentDraws';
import {
  currentFigureCards,
  winnersAndTaxCards,
  yearToDateCards,
} from '../../web/src/features/admin/components/overview/overview-cards';
import { AccountBalanceCell } from '../../web/src/features/admin/components/payments/AccountBalanceCell';
import { PaymentModal } from '../../web/src/features/admin/components/payments/PaymentModal';
import { AnnouncerDashboardPage } from '../../web/src/features/announcer/components/AnnouncerDashboardPage';
import { PartnerDashboardPage } from '../../web/src/features/partner/components/PartnerDashboardPage';
import { formatStaffLrd, formatStaffUsd, staffLrd, staffUsd } from '../../web/src/lib/staff-money';
import { balancesOf } from './support/admin-records';
import { today, winners, year } from './support/overview-records';
import { useScreenEnvironment } from './support/screen-environment';
import {
  aPartnerDashboard,
  aPromotion,
  anAnnouncerDashboard,
  aWinner,
  openTopic,
  renderDashboard,
} from './support/staff-dashboards';

/**
 * Issue 21 item 3: on every staff screen LRD is written "L$ 1,200.00" and USD
 * "US$ 1.50", so the two (about 190× apart) can never be confused. A bare "$"
 * before an amount, "LD 1,200.00", "LRD 1,200.00" or "1,200.00 LRD" would be
 * a screen where they could.
 */

useScreenEnvironment({ sounds: false });

const BARE_DOLLAR = /(^|[^LS])\$\s?\d/;
const OLD_LRD = /\bLR?D\s?\d|\d\s?LRD\b/;

function expectOneMoneyFormat(text: string, { usd = false } = {}) {
  expect(text).not.toMatch(BARE_DOLLAR);
  expect(text).not.toMatch(OLD_LRD);
  expect(text).toMatch(/L\$ \d{1,3}(,\d{3})*\.\d\d/);
  if (usd) expect(text).toMatch(/US\$ \d{1,3}(,\d{3})*\.\d\d/);
}

describe('the staff money formatter', () => {
  it('writes LRD as "L$ 1,200.00" and USD as "US$ 1.50", grouped, from cents or API amounts', () => {
    expect(formatStaffLrd(120_000)).toBe('L$ 1,200.00');
    expect(formatStaffUsd(150)).toBe('US$ 1.50');
    expect(formatStaffLrd(-500)).toBe('L$ -5.00');
    expect(staffLrd('1234567.8')).toBe('L$ 1,234,567.80');
    expect(staffUsd('3210.25')).toBe('US$ 3,210.25');
  });
});

describe('no staff screen writes LRD so it could pass for USD', () => {
  it('the overview: cards, newest draws and failed payouts', () => {
    const failed = [
      {
        DrawID: 'd9',
        MobileNumber: '231886000101',
        WinnerAmount: '5000.00',
        Reason: 'PAYEE_NOT_FOUND',
        Attempt: 2,
        FailedAt: '',
      },
    ];
    const { container } = render(
      <>
        <CardSection title="Today" note="" cards={currentFigureCards(today, winners)} />
        <CardSection title="Year" note="" cards={yearToDateCards(year)} />
        <CardSection title="Winners" note="" cards={winnersAndTaxCards(winners)} />
        <RecentDraws draws={year.Draws} />
        <FailedPrizePayouts payouts={failed} />
      </>,
    );
    expectOneMoneyFormat(container.textContent!, { usd: true });
  });

  it('the partner and announcer lists: the balance cell and its details', () => {
    const { container } = render(
      <AccountBalanceCell
        owner="Kiss FM"
        balances={balancesOf({ 'Kiss FM Friday': '1200.00', Owed: '-5.00' }).PromotionBalances}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /View Details/ }));
    expectOneMoneyFormat(container.ownerDocument.body.textContent!);
  });

  it('the pay dialog', () => {
    render(
      <PaymentModal
        title="Pay partner"
        payeeName="Kiss FM"
        balances={balancesOf({ 'Kiss FM Friday': '1200.00', 'Sunday Jackpot': '20.50' }).PromotionBalances}
        successText={messages.partner.paid}
        pay={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay Full Balance' }));
    expectOneMoneyFormat(document.body.textContent!);
  });

  it('the announcer dashboard: price to play, total balance, recent winners', async () => {
    renderDashboard('announcer', 'a1', <AnnouncerDashboardPage />);
    const dashboard = anAnnouncerDashboard({
      Promotions: [aPromotion({ promotion_prize_lrd: '1200.00', promotion_prize_usd: '1.50' })],
    });
    openTopic(topicNames.announcerDashboard('a1'))({
      ...dashboard,
      AccountBalance: { 'Kiss FM Friday': '1234.57' },
      DailyWinners: { 'Kiss FM Friday': [aWinner({ winner_amount: '12500.50' })] },
    });
    await screen.findByText('L$ 1,200.00 to Play');
    expectOneMoneyFormat(document.body.textContent!);
  });

  it('the partner dashboard: total balance, balances per promotion, winners', async () => {
    renderDashboard('partner', 'p1', <PartnerDashboardPage />);
    openTopic(topicNames.partnerDashboard('p1'))(
      aPartnerDashboard({
        AccountBalance: { 'Kiss FM Friday': '1000.07', Hott: '234.5' },
        DailyWinners: { 'Kiss FM Friday': [aWinner({ winner_amount: '5000.00' })] },
      }),
    );
    await screen.findByText('L$ 1,234.57');
    expectOneMoneyFormat(document.body.textContent!);
  });
});

// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf } from '@shared/api/routes';
import { payoutRoutes } from '@shared/api/routes/payouts';
import type { PayoutRecordView, StatementResponse } from '@shared/api/schemas/payouts';
import type { ReportRowView } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { CardSection } from '@web/features/live/components/CardSection';
import { FailedPrizePayouts } from '@web/features/live/components/FailedPrizePayouts';
import { RecentDraws } from '@web/features/live/components/RecentDraws';
import { currentFigureCards, winnersAndTaxCards, yearToDateCards } from '@web/features/live/components/overview-cards';
import { AccountBalanceCell } from '@web/features/payouts/components/AccountBalanceCell';
import { PaymentModal } from '@web/features/payouts/components/PaymentModal';
import { AnnouncerDashboardPage } from '@web/features/announcer/components/AnnouncerDashboardPage';
import { PartnerDashboardPage } from '@web/features/partner/components/PartnerDashboardPage';
import { StatementCard } from '@web/components/staff/StatementCard';
import { ConductDrawDialog } from '@web/features/draws/components/ConductDrawDialog';
import { DrawTable } from '@web/features/draws/components/DrawTable';
import { PredictionsList } from '@web/features/catalog/components/PredictionsList';
import { ReportTable, TotalsTable } from '@web/features/reports/components/ReportTable';
import { WinnersTable } from '@web/features/draws/components/WinnersTable';
import { PayoutsScreen } from '@web/features/payouts/screens/PayoutsScreen';
import { NotificationItem } from '@web/features/admin/components/header/NotificationItem';
import { chartDay, clockText, dateTime } from '@web/lib/staff-dates';
import { formatStaffLrd, formatStaffUsd, staffLrd, staffUsd } from '@web/lib/staff-money';
import { aDrawRow, balancesOf } from './support/admin-records';
import { renderAdminScreen } from './support/admin-screen';
import { json, stubFetch } from './support/fetch';
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
import { render } from './support/staff-render';

/**
 * On every staff screen LRD is written "L$ 1,200.00" and USD
 * "US$ 1.50", so the two (about 190× apart) can never be confused. A bare "$"
 * before an amount, "LD 1,200.00", "LRD 1,200.00" or "1,200.00 LRD" would be
 * a screen where they could.
 */

useScreenEnvironment({ sounds: false });

const BARE_DOLLAR = /(^|[^LS])\$\s?\d/;
const OLD_LRD = /\bLR?D\s?\d|\d\s?LRD\b/;

/** What a screen shows and names: its text, and the accessible names and titles of its controls. */
const shownText = (root: Element): string =>
  [
    root.textContent ?? '',
    ...[...root.querySelectorAll('[aria-label], [title]')].flatMap((element) => [
      element.getAttribute('aria-label') ?? '',
      element.getAttribute('title') ?? '',
    ]),
  ].join('\n');

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
        payeeNumber="0880000101"
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

describe('no money screen writes LRD so it could pass for USD (payouts, statements, draws, winners, predictions, reports)', () => {
  it('the Payouts screen: amounts and the Retry button that names one', async () => {
    const payout = (overrides: Partial<PayoutRecordView>): PayoutRecordView => ({
      ID: 'po-1',
      Kind: 'partner',
      Payee: 'Kiss FM',
      MobileNumber: '231886000001',
      Promotion: 'Kiss FM Friday',
      Amount: '12500.50',
      Status: 'paid',
      Reference: 'MP-1',
      StartedAt: '2026-11-25T10:00:00.000Z',
      FinishedAt: '2026-11-25T10:01:00.000Z',
      Retryable: false,
      ...overrides,
    });
    const page = {
      Payouts: [
        payout({}),
        payout({
          ID: 'po-2',
          Kind: 'prize',
          Amount: '5000.00',
          Status: 'failed',
          Reason: 'PAYEE_NOT_FOUND',
          Retryable: true,
        }),
      ],
    };
    renderAdminScreen(<PayoutsScreen />, {
      responder: (request) =>
        request.url.startsWith(pathOf(payoutRoutes.listPayouts, { id: 'admin-1' })) ? json(200, page) : json(404, {}),
    });
    await screen.findByRole('button', { name: 'Retry L$ 5,000.00 to Kiss FM' });
    expectOneMoneyFormat(shownText(document.body));
  });

  it("a partner's statement: balance, credits by promotion and every line", async () => {
    const statement: StatementResponse = {
      Credits: [{ Promotion: 'Kiss FM Friday', Amount: '1240.00', Entries: 31 }],
      Lines: [
        {
          At: '2026-11-25T14:05:00.000Z',
          Kind: 'payout',
          Promotion: 'Kiss FM Friday',
          Amount: '-1000.00',
          Status: 'paid',
          Balance: '240.00',
        },
        {
          At: '2026-11-25T10:00:00.000Z',
          Kind: 'credit',
          Promotion: 'Kiss FM Friday',
          Amount: '1240.00',
          Entries: 31,
          Balance: '1240.00',
        },
      ],
      Balance: '240.00',
    };
    stubFetch(() => json(200, statement));
    render(<StatementCard owner="partner" userId="p1" refreshKey="" />);
    await screen.findByText('Balance: L$ 240.00');
    expectOneMoneyFormat(shownText(document.body));
  });

  it('the Draw tab and its Conduct Draw dialog: account balance and prize', () => {
    const row = aDrawRow({ WinnerAmount: '25000.00' });
    render(
      <>
        <DrawTable
          rows={[row]}
          drawWindow
          runningFor={() => null}
          partnerWindowEntries={() => 7}
          onConduct={vi.fn()}
          onClear={vi.fn()}
        />
        <ConductDrawDialog row={row} onConfirm={vi.fn()} onCancel={vi.fn()} />
      </>,
    );
    expect(within(screen.getByRole('dialog')).getByText('L$ 25,000.00')).toBeTruthy();
    expectOneMoneyFormat(shownText(document.body));
  });

  it('the Winners list', () => {
    render(
      <WinnersTable
        winners={[
          {
            MobileNumber: '231886000101',
            PartnerID: 'p-1',
            PartnerUsername: 'Kiss FM',
            WinnerAmount: '12500.50',
            WinnerSelected: '2026-11-25T21:00:00.000Z',
            PromotionTitle: 'Friday Cash',
            DrawID: 'd-1',
            PayoutStatus: 'paid',
          },
        ]}
      />,
    );
    expectOneMoneyFormat(shownText(document.body));
  });

  it('the Predictions list: LRD and USD side by side', () => {
    const category = { ID: 'cat-1', Title: 'Football', PredictionCount: 1 };
    render(
      <PredictionsList
        predictions={[
          {
            ID: 'pr-1',
            ReferenceNumber: 'REF-1',
            Question: 'Will LISCR win the league?',
            Category: { ID: category.ID, Title: category.Title },
            CurrencyLRD: '1200.00',
            CurrencyUSD: '1.50',
            OddYes: '1.85',
            OddNo: '2.10',
          },
        ]}
        categories={[category]}
        category=""
        onCategory={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expectOneMoneyFormat(shownText(document.body), { usd: true });
  });

  it('the Reports tables: each currency with its own prefix, also in the drill-down buttons', () => {
    const figures = {
      stakes: '120000.00',
      prizesPaid: '5000.00',
      prizesOwed: '0.00',
      ggr: '115000.00',
      tax: '23000.00',
    };
    const rows: ReportRowView[] = [
      { key: 'daily', label: 'Daily Cash Giveaway', game: 'daily', currency: 'LRD', ...figures, drawIds: ['d-1'] },
      { key: 'daily', label: 'Daily Cash Giveaway', game: 'daily', currency: 'USD', ...figures, drawIds: [] },
    ];
    render(
      <>
        <ReportTable caption="Per game" scope="game" rows={rows} onDrill={vi.fn()} />
        <TotalsTable totals={rows.map(({ currency }) => ({ currency, ...figures }))} />
      </>,
    );
    expectOneMoneyFormat(shownText(document.body), { usd: true });
  });
});

/*
 * One date format: every date on a screen is written by
 * web/src/lib/dates.ts or lib/staff-dates.ts (shared/dates.ts underneath), on
 * the GMT day and clock.
 * A screen that formats a date by hand fails here.
 */
const WEB_SRC = join(import.meta.dirname, '../../web/src');
const DATE_MODULES = ['lib/dates.ts', 'lib/staff-dates.ts'];
const HAND_WRITTEN_DATE = [
  /\bformat\s*\(\s*[\w.]+\s*,\s*['"`]/, // date-fns format(date, 'pattern')
  /import\s*\{[^}]*\bformat\b[^}]*\}\s*from\s*'date-fns/,
  /\.toLocale(Date|Time)?String\(/,
  /\bIntl\.DateTimeFormat\b/,
  /['"`][^'"`\n]*\b(MMM|yyyy|HH:mm)\b[^'"`\n]*['"`]/, // a date pattern literal
  /\.replace\(\s*['"]T['"]\s*,/, // an ISO timestamp's "T" made a space: "2026-11-29 14:05"
  /\b\w*(?:[aA]t|[uU]ntil)\??\.slice\(\s*(?:0\s*,\s*(?:10|16|19)|11\s*,\s*(?:16|19))\s*\)/, // an ISO moment cut to show
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Source lines that are code, not comments (a comment may name a format). */
const codeLines = (text: string): string[] =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, ''));

function handWrittenDates(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    codeLines(text).flatMap((line, index) =>
      HAND_WRITTEN_DATE.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
    ),
  );
}

describe('one date format on every screen', () => {
  it('writes dates, times, the clock and chart days on the GMT calendar, "Nov 29, 2024 14:05"', () => {
    expect(dateTime('2024-11-29T14:05:59.000Z')).toBe('Nov 29, 2024 14:05');
    expect(dateTime('2024-11-29T23:30:00-02:00')).toBe('Nov 30, 2024 01:30');
    expect(dateTime('not a date')).toBe('');
    expect(clockText(new Date('2026-11-26T08:04:09.000Z'))).toBe('Thursday, Nov 26, 2026 · 08:04:09');
    expect(chartDay('2026-03-01')).toBe('Mar 1');
  });

  it('a notification names its time in that format', () => {
    render(
      <NotificationItem
        notification={{
          ID: 'n1',
          Type: 'success',
          Title: 'New winner',
          Message: 'm',
          CreatedAt: '2026-03-01T21:07:00.000Z',
          Read: false,
        }}
        now={new Date('2026-03-02T10:00:00.000Z')}
        dismissing={false}
        onDismiss={vi.fn()}
      />,
    );
    expect(document.querySelector('time')!.getAttribute('title')).toBe('Mar 1, 2026 21:07');
  });

  it('no module but web/src/lib/dates.ts and staff-dates.ts formats a date by hand', () => {
    const files = sourceFiles(WEB_SRC)
      .map((path) => ({ path: relative(WEB_SRC, path), text: readFileSync(path, 'utf8') }))
      .filter((file) => !DATE_MODULES.includes(file.path));
    expect(files.length).toBeGreaterThan(50);
    expect(handWrittenDates(files)).toEqual([]);
  });

  it('the scan would catch a hand-written format', () => {
    const samples = [
      "import { format } from 'date-fns';",
      "const at = format(new Date(iso), 'dd/MM/yyyy');",
      'const day = at.toLocaleDateString();',
      "const text = new Intl.DateTimeFormat('en-GB').format(at);",
      "const pattern = 'MMM d';",
      "const shown = line.at.slice(0, 19).replace('T', ' ');",
      'const day = record.until?.slice(0, 10);',
      'const time = provider.asked_at.slice(11, 19);',
    ];
    expect(handWrittenDates(samples.map((text, i) => ({ path: `sample${i}.ts`, text })))).toHaveLength(samples.length);
    expect(
      handWrittenDates([
        {
          path: 'ok.ts',
          text: "// 'MMM d, yyyy' as the spec says\nconst n = format(3);\nimport { formatDistanceToNowStrict } from 'date-fns';",
        },
      ]),
    ).toEqual([]);
  });
});

import type { OverviewToday, OverviewWinnersAndTax, OverviewYearToDate } from '@shared/api/schemas/dashboards';

/** The admin overview's figures as the topic sends them (spec section 3 "Dashboard overview record"), shared by its tests. */

export const today: OverviewToday = {
  Day: '2025-03-14',
  Username: '',
  CurrentEntries: 1234,
  MoneyLRD: '123400.00',
  MoneyUSD: '45.50',
  MobileNetworkFeesLRD: '3702.00',
  MobileNetworkFeesUSD: '1.36',
  Trends: { CurrentEntries: 12.5, MoneyLRD: -3.2, MoneyUSD: null },
};

const series = Array.from({ length: 14 }, (_, i) => ({
  day: `2025-03-${String(i + 1).padStart(2, '0')}`,
  entries: i * 10,
  lrd: '0.00',
  usd: '0.00',
}));

export const year: OverviewYearToDate = {
  Year: '2025',
  TotalEntriesYD: 98765,
  TotalMoneyLRD: '9876500.00',
  TotalMoneyUSD: '3210.25',
  WinnersYD: 42,
  MobileNetworkFeesYDLRD: '138840.00',
  MobileNetworkFeesYDUSD: '36.88',
  Trends: { TotalEntriesYD: 0, TotalMoneyLRD: null, TotalMoneyUSD: 150 },
  EntriesSeries: series,
  Draws: [
    {
      ID: 'draw-1',
      Game: 'partner',
      Kind: 'threshold',
      PromotionTitle: 'Kiss FM Friday',
      PartnerID: 'p-1',
      MobileNumber: '231886123456',
      WinnerAmount: '5000.00',
      WinnerSelected: '2025-03-14T12:30:00.000Z',
      EntryCount: 30,
      Commitment: 'ab'.repeat(32),
      PayoutStatus: 'paid',
      PayoutReason: '',
    },
  ],
};

export const winners: OverviewWinnersAndTax = {
  TotalWinners: 874,
  CurrentBonusGiveaway: '10000.00',
  TotalYDGiveaway: '210000.00',
  CurrentPaymentToGovt: '22680.00',
  YDOfThe20Percent: '1933300.00',
  AnnouncersBonusPayout: '239500.00',
  AnnouncersBonusPayoutToday: '1500.00',
  PartnersPayoutYD: '50000.00',
  FailedPrizePayouts: [],
};

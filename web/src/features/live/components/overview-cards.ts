import type { OverviewToday, OverviewWinnersAndTax, OverviewYearToDate } from '@shared/api/schemas/dashboards';
import { formatWhole } from '@web/lib/money';
import type { StatCardProps } from '@web/components/staff/StatCard';
import { staffLrd, staffUsd } from '@web/lib/staff-money';

/** The overview's card titles (spec section 2 "Overview"), spellings kept. */
export const CARD_TITLES = {
  totalEntries: 'Total Entries',
  moneyInLrd: 'Money In LRD',
  moneyInUsd: 'Money In USD',
  overallWinners: 'Overall Winners',
  feesLrd: 'Mobile Network Fees (LRD)',
  totalEntriesYd: 'Total Entries YD',
  revenueYdLrd: 'Total Revenue YD In LRD',
  revenueYdUsd: 'Total Revenue YD In USD',
  winnersYd: 'Total Winners YD',
  feesYdUsd: 'Mobile Network Fees YD (USD)',
  paymentToWinners: "Pay't To Winners",
  taxToGovt: "Tax To Gov't",
  totalYdGiveaway: 'Total YD Giveaway',
  ydTax: 'YD Of The 20% Tax',
  announcersPayout: 'Announcers Bouns Payout',
} as const;

export const SECTION_TITLES = {
  current: 'Current figures',
  yearToDate: 'Year to date',
  winnersAndTax: 'Payment to winners and government 20% tax',
} as const;

const VS_YESTERDAY = 'vs yesterday';
const VS_LAST_YEAR = 'vs same period last year';
/** A figure the server compares with nothing: the trend shows '—'. */
const NOT_COMPARED = 'no comparison';

export type OverviewCard = StatCardProps & { key: keyof typeof CARD_TITLES };

/** Section 1: today (GMT), trends against yesterday. */
export function currentFigureCards(today: OverviewToday, winners: OverviewWinnersAndTax): OverviewCard[] {
  return [
    {
      key: 'totalEntries',
      title: CARD_TITLES.totalEntries,
      value: formatWhole(today.CurrentEntries),
      subtitle: 'Paid entries today',
      trend: today.Trends.CurrentEntries,
      trendLabel: VS_YESTERDAY,
    },
    {
      key: 'moneyInLrd',
      title: CARD_TITLES.moneyInLrd,
      value: staffLrd(today.MoneyLRD),
      subtitle: 'Collected today',
      trend: today.Trends.MoneyLRD,
      trendLabel: VS_YESTERDAY,
    },
    {
      key: 'moneyInUsd',
      title: CARD_TITLES.moneyInUsd,
      value: staffUsd(today.MoneyUSD),
      subtitle: 'Collected today',
      trend: today.Trends.MoneyUSD,
      trendLabel: VS_YESTERDAY,
    },
    {
      key: 'overallWinners',
      title: CARD_TITLES.overallWinners,
      value: formatWhole(winners.TotalWinners),
      subtitle: 'Winners drawn since launch',
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'feesLrd',
      title: CARD_TITLES.feesLrd,
      value: staffLrd(today.MobileNetworkFeesLRD),
      subtitle: `Today; also ${staffUsd(today.MobileNetworkFeesUSD)} on USD entries`,
      trend: null,
      trendLabel: NOT_COMPARED,
    },
  ];
}

/** Section 2: the year to date (GMT), trends against the same span last year. */
export function yearToDateCards(year: OverviewYearToDate): OverviewCard[] {
  return [
    {
      key: 'totalEntriesYd',
      title: CARD_TITLES.totalEntriesYd,
      value: formatWhole(year.TotalEntriesYD),
      subtitle: `Paid entries in ${year.Year}`,
      trend: year.Trends.TotalEntriesYD,
      trendLabel: VS_LAST_YEAR,
    },
    {
      key: 'revenueYdLrd',
      title: CARD_TITLES.revenueYdLrd,
      value: staffLrd(year.TotalMoneyLRD),
      subtitle: `Collected in ${year.Year}`,
      trend: year.Trends.TotalMoneyLRD,
      trendLabel: VS_LAST_YEAR,
    },
    {
      key: 'revenueYdUsd',
      title: CARD_TITLES.revenueYdUsd,
      value: staffUsd(year.TotalMoneyUSD),
      subtitle: `Collected in ${year.Year}`,
      trend: year.Trends.TotalMoneyUSD,
      trendLabel: VS_LAST_YEAR,
    },
    {
      key: 'winnersYd',
      title: CARD_TITLES.winnersYd,
      value: formatWhole(year.WinnersYD),
      subtitle: `Winners drawn in ${year.Year}`,
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'feesYdUsd',
      title: CARD_TITLES.feesYdUsd,
      value: staffUsd(year.MobileNetworkFeesYDUSD),
      subtitle: `In ${year.Year}; also ${staffLrd(year.MobileNetworkFeesYDLRD)} on LRD entries`,
      trend: null,
      trendLabel: NOT_COMPARED,
    },
  ];
}

/** Section 3: prizes drawn and the government's 20% of gross gaming revenue (DESIGN section 4 "Tax"). */
export function winnersAndTaxCards(winners: OverviewWinnersAndTax): OverviewCard[] {
  return [
    {
      key: 'paymentToWinners',
      title: CARD_TITLES.paymentToWinners,
      value: staffLrd(winners.CurrentBonusGiveaway),
      subtitle: 'Prizes drawn today',
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'taxToGovt',
      title: CARD_TITLES.taxToGovt,
      value: staffLrd(winners.CurrentPaymentToGovt),
      subtitle: "20% of today's gross gaming revenue",
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'totalYdGiveaway',
      title: CARD_TITLES.totalYdGiveaway,
      value: staffLrd(winners.TotalYDGiveaway),
      subtitle: 'Prizes drawn this year',
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'ydTax',
      title: CARD_TITLES.ydTax,
      value: staffLrd(winners.YDOfThe20Percent),
      subtitle: "20% of this year's gross gaming revenue",
      trend: null,
      trendLabel: NOT_COMPARED,
    },
    {
      key: 'announcersPayout',
      title: CARD_TITLES.announcersPayout,
      value: staffLrd(winners.AnnouncersBonusPayout),
      subtitle: `Paid to announcers this year; today ${staffLrd(winners.AnnouncersBonusPayoutToday)}`,
      trend: null,
      trendLabel: NOT_COMPARED,
    },
  ];
}

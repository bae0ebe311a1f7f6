import type { GameKind } from '@shared/games';
import { CURRENCIES, type Currency } from '@shared/money';
import { grossGamingRevenueCents, taxDueCents, taxOnRevenueCents, type RevenueParts } from './gross-gaming-revenue';
import { countedLines, type CountedLine, type GameLedgerLine } from '../ledger';
import { isoWeekOf } from '../../platform/periods';

/**
 * The regulator and tax report (DESIGN section 4 "Tax"), pure: what was
 * staked, what was won and whether it is paid yet, the gross gaming revenue
 * and the 20% tax on it, per game, per partner and in total, for one GMT
 * day, ISO week or month (DESIGN section 1: a day is a UTC day).
 *
 * Per currency, never mixed: LRD stakes and USD stakes are separate rows.
 * Prizes are awarded in LRD (DESIGN section 4: winner_amount and the house
 * prizes are LRD), so they count against the LRD rows. GGR has its one
 * definition (./gross-gaming-revenue.ts: stakes − refunds − prizes awarded);
 * here a refund is its negative stake line, so a row's stakes are net of its
 * refunds, and tax = 20% of a positive GGR, rounded down, on each row's own GGR.
 *
 * Every figure is a sum of game-ledger lines (functions/modules/ledger/game-ledger-rules.ts),
 * so each can be listed line by line. The tax analytics form files single LRD
 * figures, as the overview shows them: its basis (`filing`) values USD stakes
 * in LRD at the rate booked with each entry (each stake line's valueLrdCents),
 * exactly as the overview's "Tax To Gov't" does.
 *
 * The report holds ids only, never display names: a day's sealed report
 * must recompute identically after a partner or promotion is renamed.
 */
export type PeriodKind = 'day' | 'week' | 'month';

export interface ReportPeriod {
  kind: PeriodKind;
  /** 2026-11-25, 2026-W48 or 2026-11. */
  value: string;
  /** Inclusive start and exclusive end, ISO (GMT midnight). */
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** The period `value` names, or undefined when it is not a real day, ISO week or month. */
export function reportPeriod(kind: PeriodKind, value: string): ReportPeriod | undefined {
  const iso = (ms: number) => new Date(ms).toISOString();
  if (kind === 'day') {
    const m = DAY.exec(value);
    if (!m) return undefined;
    const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (new Date(start).toISOString().slice(0, 10) !== value) return undefined;
    return { kind, value, from: iso(start), to: iso(start + 86_400_000) };
  }
  if (kind === 'week') {
    const m = WEEK.exec(value);
    if (!m) return undefined;
    // the Monday of ISO week 1 is the Monday on or before 4 January
    const jan4 = Date.UTC(Number(m[1]), 0, 4);
    const weekday = new Date(jan4).getUTCDay() || 7;
    const start = jan4 - (weekday - 1) * 86_400_000 + (Number(m[2]) - 1) * 7 * 86_400_000;
    if (isoWeekOf(new Date(start)) !== value) return undefined;
    return { kind, value, from: iso(start), to: iso(start + 7 * 86_400_000) };
  }
  const m = MONTH.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return undefined;
  return {
    kind,
    value,
    from: iso(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)),
    to: iso(Date.UTC(Number(m[1]), Number(m[2]), 1)),
  };
}

export interface Figures {
  currency: Currency;
  stakesCents: number;
  prizesPaidCents: number;
  prizesOwedCents: number;
  ggrCents: number;
  taxCents: number;
}

export interface ReportRow extends Figures {
  /** game rows: the promotion id; partner rows: the partner id. */
  key: string;
  game: GameKind;
  /** The draws behind the prizes (ids), oldest first. */
  drawIds: string[];
}

export interface Report {
  period: ReportPeriod;
  byGame: ReportRow[];
  byPartner: ReportRow[];
  totals: Figures[];
  /** The tax analytics form's basis: LRD values (USD at each entry's rate), as the overview computes tax. */
  filing: { stakesValueLrdCents: number; prizesLrdCents: number; taxLrdCents: number };
}

interface Sums {
  stakes: Record<Currency, number>;
  paid: number;
  owed: number;
  value: number;
  /** Prize lines, with the time of their draw. */
  draws: Array<{ drawId: string; drawnAt: string }>;
}

const emptySums = (): Sums => ({ stakes: { LRD: 0, USD: 0 }, paid: 0, owed: 0, value: 0, draws: [] });

function addTo(sums: Sums, { line, as }: CountedLine): void {
  if (as === 'stakes') {
    sums.stakes[line.currency] += line.amountCents;
    sums.value += line.valueLrdCents;
    return;
  }
  if (as === 'prizesPaid') sums.paid += line.amountCents;
  else sums.owed += line.amountCents;
  sums.draws.push({ drawId: line.ref, drawnAt: line.drawnAt ?? line.at });
}

/** One currency's figures of a sum: prizes are LRD (see above). */
function figuresOf(currency: Currency, stakesCents: number, prizesPaidCents: number, prizesOwedCents: number): Figures {
  const prizes = prizesPaidCents + prizesOwedCents;
  return {
    currency,
    stakesCents,
    prizesPaidCents,
    prizesOwedCents,
    ggrCents: grossGamingRevenueCents({ stakesLrdCents: stakesCents, refundsLrdCents: 0, prizesLrdCents: prizes }),
    taxCents: taxDueCents(stakesCents, prizes),
  };
}

function currencyFigures(sums: Sums): Figures[] {
  return CURRENCIES.map((currency) =>
    currency === 'LRD'
      ? figuresOf('LRD', sums.stakes.LRD, sums.paid, sums.owed)
      : figuresOf(currency, sums.stakes[currency], 0, 0),
  );
}

const hasMoney = (f: Figures) => f.stakesCents !== 0 || f.prizesPaidCents !== 0 || f.prizesOwedCents !== 0;

/** The row key a line counts under: its promotion (game rows) or its partner (partner rows). */
export const rowKeyOf = (scope: 'game' | 'partner', line: Pick<GameLedgerLine, 'promotionId' | 'partnerId'>): string =>
  scope === 'game' ? line.promotionId : line.partnerId;

/**
 * The report of a period from its game-ledger lines (functions/modules/ledger/game-ledger-rules.ts):
 * every figure is the sum of the lines `countedLines` assigns to it, so each can be
 * listed line by line. Rows are sorted by game, then key, then currency; rows with
 * no money are left out.
 */
export function buildReport(period: ReportPeriod, lines: readonly GameLedgerLine[]): Report {
  const counted = countedLines(lines);
  const group = (scope: 'game' | 'partner') => {
    const groups = new Map<string, { game: GameKind; sums: Sums }>();
    for (const item of counted) {
      const key = rowKeyOf(scope, item.line);
      const entry = groups.get(key) ?? { game: item.line.game, sums: emptySums() };
      addTo(entry.sums, item);
      groups.set(key, entry);
    }
    return [...groups.entries()]
      .flatMap(([key, { game, sums }]) => {
        const drawIds = [...sums.draws]
          .sort((a, b) => a.drawnAt.localeCompare(b.drawnAt) || a.drawId.localeCompare(b.drawId))
          .map((d) => d.drawId);
        return currencyFigures(sums)
          .filter(hasMoney)
          .map((figures): ReportRow => ({ key, game, ...figures, drawIds: figures.currency === 'LRD' ? drawIds : [] }));
      })
      .sort(
        (a, b) => a.game.localeCompare(b.game) || a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
      );
  };
  const total = emptySums();
  for (const item of counted) addTo(total, item);
  const prizes = total.paid + total.owed;
  return {
    period,
    byGame: group('game'),
    byPartner: group('partner'),
    totals: currencyFigures(total),
    filing: { stakesValueLrdCents: total.value, prizesLrdCents: prizes, taxLrdCents: taxDueCents(total.value, prizes) },
  };
}

/** The tax analytics form's four figures (LRD cents) for a period and its year to date. */
export interface TaxPrefill {
  currentBonusGiveawayCents: number;
  currentPaymentToGovtCents: number;
  totalYDGiveawayCents: number;
  yDOfThe20PercentCents: number;
}

export function taxPrefillOf(report: Report, yearToDate: RevenueParts): TaxPrefill {
  return {
    currentBonusGiveawayCents: report.filing.prizesLrdCents,
    currentPaymentToGovtCents: report.filing.taxLrdCents,
    totalYDGiveawayCents: yearToDate.prizesLrdCents,
    yDOfThe20PercentCents: taxOnRevenueCents(yearToDate),
  };
}

/**
 * The days and months that make up the year to date at a period's end: the
 * year's full months before the end's month, then that month's days up to
 * the period's last day (a period never reaches into the next year's count).
 */
export function yearToDateSpan(period: ReportPeriod): { months: string[]; days: string[] } {
  const last = new Date(Date.parse(period.to) - 1);
  const year = last.getUTCFullYear();
  const month = last.getUTCMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    months: Array.from({ length: month }, (_, i) => `${year}-${pad(i + 1)}`),
    days: Array.from({ length: last.getUTCDate() }, (_, i) => `${year}-${pad(month + 1)}-${pad(i + 1)}`),
  };
}

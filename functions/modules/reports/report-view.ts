import type { ReportResponse, ReportRowView } from '@shared/api/schemas/reports';
import { houseGame, houseGameOfPromotion } from '@shared/games';
import { HOUSE_PARTNER } from '@shared/house-games';
import { csvField } from '@shared/csv';
import { formatMoney } from '@shared/money';
import { grossGamingRevenueCents, type RevenueParts } from './gross-gaming-revenue';
import { taxPrefillOf, type Figures, type Report, type ReportRow } from './report';
import { listPartners } from '../staff';
import { getPromotions } from '../catalog';
import type { SealedReport } from './store/sealed-reports';

/**
 * A report as the admin screen and the CSV show it: money as "123.45"
 * strings with the currency beside them, and names for the ids (as they
 * are now; the report itself holds ids only, see functions/modules/reports/report.ts).
 */
export interface Labels {
  games: Map<string, string>;
  partners: Map<string, string>;
}

export async function labelsOf(report: Report): Promise<Labels> {
  const promotionIds = [...new Set(report.byGame.map((row) => row.key))];
  const [promotions, partners] = await Promise.all([
    getPromotions(promotionIds.filter((id) => !houseGameOfPromotion(id))),
    listPartners(),
  ]);
  const games = new Map(
    promotionIds.map((id) => {
      const house = houseGameOfPromotion(id);
      return [id, house ? houseGame[house].title : (promotions.get(id)?.title ?? id)];
    }),
  );
  const partnerNames = new Map(partners.map((p) => [p.id, p.username]));
  partnerNames.set(HOUSE_PARTNER.id, HOUSE_PARTNER.username);
  return { games, partners: partnerNames };
}

const figuresView = (f: Figures) => ({
  currency: f.currency,
  stakes: formatMoney(f.stakesCents),
  prizesPaid: formatMoney(f.prizesPaidCents),
  prizesOwed: formatMoney(f.prizesOwedCents),
  ggr: formatMoney(f.ggrCents),
  tax: formatMoney(f.taxCents),
});

const rowView = (row: ReportRow, label: string | undefined): ReportRowView => ({
  key: row.key,
  label: label ?? row.key,
  game: row.game,
  ...figuresView(row),
  drawIds: row.drawIds,
});

export function reportView(
  report: Report,
  labels: Labels,
  yearToDate: RevenueParts,
  seal: SealedReport | undefined,
): ReportResponse {
  const prefill = taxPrefillOf(report, yearToDate);
  return {
    period: report.period,
    byGame: report.byGame.map((row) => rowView(row, labels.games.get(row.key))),
    byPartner: report.byPartner.map((row) => rowView(row, labels.partners.get(row.key))),
    totals: report.totals.map(figuresView),
    filing: {
      stakesValueLrd: formatMoney(report.filing.stakesValueLrdCents),
      prizesLrd: formatMoney(report.filing.prizesLrdCents),
      ggrLrd: formatMoney(
        grossGamingRevenueCents({
          stakesLrdCents: report.filing.stakesValueLrdCents,
          refundsLrdCents: 0,
          prizesLrdCents: report.filing.prizesLrdCents,
        }),
      ),
      taxLrd: formatMoney(report.filing.taxLrdCents),
    },
    taxPrefill: {
      currentBonusGiveaway: formatMoney(prefill.currentBonusGiveawayCents),
      totalYDGiveaway: formatMoney(prefill.totalYDGiveawayCents),
      currentPaymentToGovt: formatMoney(prefill.currentPaymentToGovtCents),
      yDOfThe20Percent: formatMoney(prefill.yDOfThe20PercentCents),
    },
    seal:
      report.period.kind === 'day'
        ? seal
          ? { sealed: true, hash: seal.hash, sealedAt: seal.sealedAt }
          : { sealed: false }
        : null,
  };
}

/** The CSV's columns, one row per game, partner and total line. */
const CSV_HEADER = [
  'section',
  'period',
  'key',
  'name',
  'game',
  'currency',
  'stakes',
  'prizes_paid',
  'prizes_owed',
  'ggr',
  'tax',
  'draw_ids',
] as const;

export function reportCsv(view: ReportResponse): string {
  const period = `${view.period.kind} ${view.period.value}`;
  const line = (cells: Array<[string, boolean?]>) => cells.map(([value, text]) => csvField(value, text)).join(',');
  const rows = (section: string, list: ReportRowView[]) =>
    list.map((row) =>
      line([
        [section],
        [period],
        [row.key, true],
        [row.label, true],
        [row.game],
        [row.currency],
        [row.stakes],
        [row.prizesPaid],
        [row.prizesOwed],
        [row.ggr],
        [row.tax],
        [row.drawIds.join(' ')],
      ]),
    );
  const totals = view.totals.map((t) =>
    line([
      ['total'],
      [period],
      [''],
      [''],
      [''],
      [t.currency],
      [t.stakes],
      [t.prizesPaid],
      [t.prizesOwed],
      [t.ggr],
      [t.tax],
      [''],
    ]),
  );
  const filing = line([
    ['filing-lrd-value'],
    [period],
    [''],
    [''],
    [''],
    ['LRD'],
    [view.filing.stakesValueLrd],
    [''],
    [''],
    [view.filing.ggrLrd],
    [view.filing.taxLrd],
    [''],
  ]);
  const lines = [
    CSV_HEADER.join(','),
    ...rows('game', view.byGame),
    ...rows('partner', view.byPartner),
    ...totals,
    filing,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

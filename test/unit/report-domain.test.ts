import { describe, expect, it } from 'vitest';
import {
  countedLines,
  gameLedgerPart,
  prizeLine,
  refundLine,
  stakeLine,
  type GameLedgerLine,
} from '../../functions/modules/ledger/game-ledger-rules';
import { buildReport, reportPeriod, yearToDateSpan } from '../../functions/modules/reports/report';
import { canonicalJson, GENESIS_HASH } from '@shared/export-chain';
import { csvField } from '@shared/csv';
import { sealHash, verifySeals, type SealedDay } from '../../functions/modules/reports/report-seal';
import { reportCsv } from '../../functions/modules/reports/report-view';

/** The report's arithmetic and its seal (DESIGN section 4 "Tax"), pure. */

describe('report periods (GMT)', () => {
  it.each([
    ['day', '2026-11-25', '2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z'],
    ['day', '2028-02-29', '2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ['week', '2026-W48', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['week', '2026-W53', '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z'],
    ['week', '2027-W01', '2027-01-04T00:00:00.000Z', '2027-01-11T00:00:00.000Z'],
    ['month', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ] as const)('%s %s is [%s, %s)', (kind, value, from, to) => {
    expect(reportPeriod(kind, value)).toEqual({ kind, value, from, to });
  });

  it.each([
    ['day', '2026-02-29'],
    ['day', '2026-11-31'],
    ['day', '26-11-25'],
    ['week', '2027-W53'],
    ['week', '2026-W00'],
    ['month', '2026-00'],
    ['month', '2026-13'],
  ] as const)('%s %s does not exist', (kind, value) => {
    expect(reportPeriod(kind, value)).toBeUndefined();
  });

  it('year to date at a period end: the months before, then the days of its last month', () => {
    expect(yearToDateSpan(reportPeriod('week', '2027-W01')!)).toEqual({
      months: [],
      days: [
        '2027-01-01',
        '2027-01-02',
        '2027-01-03',
        '2027-01-04',
        '2027-01-05',
        '2027-01-06',
        '2027-01-07',
        '2027-01-08',
        '2027-01-09',
        '2027-01-10',
      ],
    });
    expect(yearToDateSpan(reportPeriod('month', '2026-03')!).months).toEqual(['2026-01', '2026-02']);
  });
});

const period = reportPeriod('day', '2026-11-25')!;
const assignments = { a1: ['p1', 'g1'], a2: ['p1', 'g2'], a3: ['p2', 'g3'] } as const;
let entries = 0;
const stake = (
  assignmentId: keyof typeof assignments,
  currency: 'LRD' | 'USD',
  amountCents: number,
): GameLedgerLine => {
  entries += 1;
  const [partnerId, promotionId] = assignments[assignmentId];
  const entry = {
    id: `e${entries}`,
    assignmentId,
    partnerId,
    promotionId,
    game: 'partner' as const,
    currency,
    amountCents,
    rateMilli: 190_000,
  };
  return stakeLine(entry, `2026-11-25T0${entries}:00:00.000Z`, currency === 'USD' ? amountCents * 190 : amountCents);
};
const draw = (id: string, assignmentId: keyof typeof assignments, drawnAt: string, prizeLrdCents: number) => {
  const [partnerId, promotionId] = assignments[assignmentId];
  return { id, assignmentId, partnerId, promotionId, game: 'partner' as const, drawnAt, prizeLrdCents };
};
const d1 = draw('d1', 'a1', '2026-11-25T10:00:00.000Z', 3_000);
const d2 = draw('d2', 'a2', '2026-11-25T12:00:00.000Z', 15_000);
// the period's lines: d1 paid within the day, d2 paid the next day (not among the day's lines), and
// a prize paid today for yesterday's draw (counted in yesterday's report)
const lines: GameLedgerLine[] = [
  stake('a1', 'LRD', 12_000),
  stake('a1', 'LRD', 8_000),
  stake('a1', 'USD', 100),
  stake('a2', 'LRD', 10_000),
  prizeLine('prize-awarded', d1, d1.drawnAt),
  prizeLine('prize-paid', d1, '2026-11-25T11:00:00.000Z'),
  prizeLine('prize-awarded', d2, d2.drawnAt),
  prizeLine('prize-paid', draw('d0', 'a3', '2026-11-24T20:00:00.000Z', 9_000), '2026-11-25T01:00:00.000Z'),
];

describe('building a report from game-ledger lines', () => {
  const report = buildReport(period, lines);

  it('counts each stake, each prize paid in the period by its paid line and each unpaid one by its awarded line', () => {
    expect(countedLines(lines).map(({ line, as }) => [as, line.kind, line.ref])).toEqual([
      ['stakes', 'stake', 'e1'],
      ['stakes', 'stake', 'e2'],
      ['stakes', 'stake', 'e3'],
      ['stakes', 'stake', 'e4'],
      ['prizesPaid', 'prize-paid', 'd1'],
      ['prizesOwed', 'prize-awarded', 'd2'],
    ]);
  });

  it('keeps each currency apart, counts a prize paid after the period end as owed, and taxes each row on its own GGR', () => {
    expect(
      report.byGame.map((r) => [
        r.key,
        r.currency,
        r.stakesCents,
        r.prizesPaidCents,
        r.prizesOwedCents,
        r.ggrCents,
        r.taxCents,
      ]),
    ).toEqual([
      ['g1', 'LRD', 20_000, 3_000, 0, 17_000, 3_400],
      ['g1', 'USD', 100, 0, 0, 100, 20],
      ['g2', 'LRD', 10_000, 0, 15_000, -5_000, 0],
    ]);
    expect(report.byPartner.map((r) => [r.key, r.currency, r.ggrCents, r.taxCents])).toEqual([
      ['p1', 'LRD', 12_000, 2_400],
      ['p1', 'USD', 100, 20],
    ]);
    expect(report.totals.map((t) => t.taxCents)).toEqual([2_400, 20]);
    expect(report.byGame.map((r) => r.drawIds)).toEqual([['d1'], [], ['d2']]);
  });

  it('values the tax filing in LRD at the booked rates, as the overview does', () => {
    expect(report.filing).toEqual({
      stakesValueLrdCents: 20_000 + 19_000 + 10_000,
      prizesLrdCents: 18_000,
      taxLrdCents: Math.floor((31_000 * 2000) / 10000),
    });
  });

  it('writes CSV fields quoted where needed and text a spreadsheet would run as a formula defused', () => {
    expect(csvField('Kiss, FM "live"', true)).toBe('"Kiss, FM ""live"""');
    expect(csvField('=HYPERLINK("x")', true)).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-50.00')).toBe('-50.00');
    expect(
      reportCsv({
        period: report.period,
        byGame: [],
        byPartner: [],
        totals: [],
        filing: { stakesValueLrd: '1.00', prizesLrd: '0.00', ggrLrd: '1.00', taxLrd: '0.20' },
        taxPrefill: {
          currentBonusGiveaway: '0.00',
          totalYDGiveaway: '0.00',
          currentPaymentToGovt: '0.00',
          yDOfThe20Percent: '0.00',
        },
        seal: null,
      }).split('\r\n')[1],
    ).toBe('filing-lrd-value,day 2026-11-25,,,,LRD,1.00,,,1.00,0.20,');
  });
});

describe('a cleared draw\'s refund in a report (DESIGN section 4 "Clear draw")', () => {
  it("books a refunded stake back as a negative stake: the stakes, the GGR and the filing are net of it, in the stake's part", () => {
    const refunded = stake('a2', 'USD', 50);
    const back = refundLine(refunded, '2026-11-25T13:00:00.000Z');
    expect(back).toMatchObject({
      kind: 'stake-refunded',
      ref: refunded.ref,
      currency: 'USD',
      amountCents: -50,
      valueLrdCents: -9_500,
    });
    expect(gameLedgerPart(back)).toBe(gameLedgerPart(refunded));
    const withRefund = buildReport(period, [...lines, refunded, back]);
    const plain = buildReport(period, lines);
    // the same figures as if the stake had never been paid
    expect(withRefund.totals).toEqual(plain.totals);
    expect(withRefund.filing).toEqual(plain.filing);
    expect(countedLines([refunded, back]).map(({ as }) => as)).toEqual(['stakes', 'stakes']);
  });

  it('counts a prize voided for cause and redrawn once (issue 36): the void undoes the award, the redraw owes it', () => {
    const redraw = { ...d2, id: 'd2-r1', drawnAt: '2026-11-25T14:00:00.000Z' };
    const voided = prizeLine('prize-voided', d2, redraw.drawnAt);
    expect(voided).toMatchObject({ kind: 'prize-voided', ref: 'd2', amountCents: -15_000, valueLrdCents: -15_000 });
    const withRedraw = buildReport(period, [...lines, voided, prizeLine('prize-awarded', redraw, redraw.drawnAt)]);
    expect(withRedraw.totals).toEqual(buildReport(period, lines).totals);
  });
});

describe('the seal chain', () => {
  const chain = (reports: unknown[]): SealedDay[] => {
    const days: SealedDay[] = [];
    reports.forEach((report, i) => {
      const prev = days[i - 1];
      const prevHash = prev?.hash ?? GENESIS_HASH;
      days.push({ day: `2026-11-0${i + 1}`, report, hash: sealHash(report, prevHash), prevDay: prev?.day, prevHash });
    });
    return days;
  };
  const reports = [{ a: 1 }, { a: 2 }, { a: 3 }];

  it('hashes canonical JSON: key order does not matter, values do', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":3,"d":2}]}');
    expect(sealHash({ a: 1, b: 2 }, GENESIS_HASH)).toBe(sealHash({ b: 2, a: 1 }, GENESIS_HASH));
    expect(sealHash({ a: 1 }, GENESIS_HASH)).not.toBe(sealHash({ a: 2 }, GENESIS_HASH));
  });

  it('an intact chain checks out; an edited record, a re-hashed one and changed data are each named', () => {
    const days = chain(reports);
    const same = (day: string) => days.find((d) => d.day === day)!.report;
    expect(verifySeals(days, undefined, same).map((d) => d.status)).toEqual(['intact', 'intact', 'intact']);

    const edited = days.map((d, i) => (i === 1 ? { ...d, report: { a: 99 } } : d));
    expect(verifySeals(edited, undefined, same).map((d) => d.status)).toEqual(['intact', 'record-edited', 'intact']);

    // re-hashing the edited day to hide the edit breaks the next link, and the data no longer match it
    const rehashed = days.map((d, i) =>
      i === 1 ? { ...d, report: { a: 99 }, hash: sealHash({ a: 99 }, d.prevHash) } : d,
    );
    expect(verifySeals(rehashed, undefined, same).map((d) => d.status)).toEqual([
      'intact',
      'data-changed',
      'chain-broken',
    ]);

    expect(
      verifySeals(days, undefined, (day) => (day === '2026-11-03' ? { a: 4 } : same(day))).map((d) => d.status),
    ).toEqual(['intact', 'intact', 'data-changed']);
    // a day removed from the middle
    expect(verifySeals([days[0]!, days[2]!], undefined, same).map((d) => d.status)).toEqual(['intact', 'chain-broken']);
  });
});

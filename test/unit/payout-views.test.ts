import { describe, expect, it } from 'vitest';
import type { PayoutRecordView } from '@shared/api/schemas/payouts';
import { buildStatement } from '../../functions/modules/payouts/statement';
import type { LedgerLine } from '../../functions/modules/payouts/store/balances';
import type { Payout } from '../../functions/modules/payouts/store/payouts';
import { liveOutcome } from '@web/features/payouts/components/payment-outcome';
import { markRetried, mergeLive } from '@web/features/payouts/components/payout-rows';
import { formatStaffLrd, formatStaffUsd, staffLrd } from '@web/lib/staff-money';

const line = (
  at: string,
  kind: LedgerLine['kind'],
  deltaCents: number,
  promotionId = 'p1',
  ref = `r-${at}`,
): LedgerLine => ({
  id: `id-${at}`,
  at,
  kind,
  deltaCents,
  promotionId,
  promotionTitle: promotionId === 'p1' ? 'Kiss Friday' : 'Kiss Monday',
  userId: 'u1',
  ownerRole: 'partner',
  ref,
  // a settlement batch's line lists the entries it credits: here the one
  ...(kind === 'entry-share' ? { entries: [{ ref, cents: deltaCents }] } : {}),
});

describe('a statement', () => {
  it('folds back-to-back credits of one promotion and day, and gives each line the balance after it, newest first', () => {
    const ledger = [
      line('2026-11-20T10:00:00.000Z', 'entry-share', 1_000),
      line('2026-11-20T11:00:00.000Z', 'entry-share', 2_000),
      line('2026-11-20T12:00:00.000Z', 'entry-share', 500, 'p2'),
      line('2026-11-21T09:00:00.000Z', 'entry-share', 1_000),
      line('2026-11-21T10:00:00.000Z', 'payout-hold', -3_000, 'p1', 'pay-1'),
      line('2026-11-21T10:05:00.000Z', 'payout-restore', 3_000, 'p1', 'pay-1'),
    ];
    const payouts = new Map([['pay-1', { id: 'pay-1', status: 'failed', reason: 'PAYEE_NOT_FOUND' } as Payout]]);
    const statement = buildStatement(ledger, payouts);
    expect(
      statement.Lines.map((l) => [l.Kind, l.Promotion, l.Amount, l.Entries ?? 0, l.Status ?? '', l.Balance]),
    ).toEqual([
      ['restored', 'Kiss Friday', '30.00', 0, '', '45.00'],
      ['payout', 'Kiss Friday', '-30.00', 0, 'failed', '15.00'],
      ['credit', 'Kiss Friday', '10.00', 1, '', '45.00'],
      ['credit', 'Kiss Monday', '5.00', 1, '', '35.00'],
      ['credit', 'Kiss Friday', '30.00', 2, '', '30.00'],
    ]);
    expect(statement.Credits).toEqual([
      { Promotion: 'Kiss Friday', Amount: '40.00', Entries: 3 },
      { Promotion: 'Kiss Monday', Amount: '5.00', Entries: 1 },
    ]);
    expect(statement.Balance).toBe('45.00');
  });

  it('counts every entry a settlement batch’s one line credits, in the credit line and the credits by promotion', () => {
    const batch = (at: string, refs: string[]): LedgerLine => ({
      ...line(at, 'entry-share', 1_000 * refs.length, 'p1', refs[0]),
      entries: refs.map((ref) => ({ ref, cents: 1_000 })),
    });
    const ledger = [
      line('2026-11-20T09:00:00.000Z', 'entry-share', 1_000, 'p1', 'e0'),
      batch('2026-11-20T10:00:00.000Z', ['e1', 'e2', 'e3']),
      batch('2026-11-20T10:00:01.000Z', ['e4', 'e5']),
    ];
    const statement = buildStatement(ledger, new Map());
    expect(statement.Lines.map((l) => [l.Kind, l.Amount, l.Entries])).toEqual([['credit', '60.00', 6]]);
    expect(statement.Credits).toEqual([{ Promotion: 'Kiss Friday', Amount: '60.00', Entries: 6 }]);
  });

  it('lists a restore after the failed payout it gives back, even at the same instant or stamped earlier', () => {
    const at = '2026-11-21T10:00:00.000Z';
    // the ledger's own order for one instant is by a random id: here the restore first
    const ledger = [
      line('2026-11-20T10:00:00.000Z', 'entry-share', 28_000),
      line(at, 'payout-restore', 28_000, 'p1', 'pay-1'),
      line(at, 'payout-hold', -28_000, 'p1', 'pay-1'),
      // another clock stamped this restore a moment before its hold
      line('2026-11-21T11:59:59.990Z', 'payout-restore', 28_000, 'p1', 'pay-2'),
      line('2026-11-21T12:00:00.000Z', 'payout-hold', -28_000, 'p1', 'pay-2'),
    ];
    const statement = buildStatement(ledger, new Map());
    expect(statement.Lines.map((l) => [l.Kind, l.Balance]).reverse()).toEqual([
      ['credit', '280.00'],
      ['payout', '0.00'],
      ['restored', '280.00'],
      ['payout', '0.00'],
      ['restored', '280.00'],
    ]);
    // never a balance above what was credited
    expect(Math.max(...statement.Lines.map((l) => Number(l.Balance)))).toBe(280);
  });

  it('labels a refunded entry’s share taken back as a refund, not as a failed payout’s restore', () => {
    const ledger = [
      line('2026-11-20T10:00:00.000Z', 'entry-share', 1_000, 'p1', 'entry-1'),
      line('2026-11-20T12:00:00.000Z', 'entry-refund', -1_000, 'p1', 'entry-1'),
    ];
    expect(buildStatement(ledger, new Map()).Lines.map((l) => [l.Kind, l.Amount, l.Balance])).toEqual([
      ['refund', '-10.00', '0.00'],
      ['credit', '10.00', '10.00'],
    ]);
  });
});

const row = (
  ID: string,
  StartedAt: string,
  Status: PayoutRecordView['Status'],
  Kind: PayoutRecordView['Kind'] = 'partner',
): PayoutRecordView => ({
  ID,
  Kind,
  Payee: 'Radio Gbarnga',
  MobileNumber: '231880000101',
  Promotion: 'Kiss Friday',
  Amount: '15.00',
  Status,
  StartedAt,
  Retryable: Status === 'failed',
});

describe('the pay dialog’s live outcome', () => {
  it('waits until every payout of the payment is listed and settled; any failure is the outcome, with its reason', () => {
    expect(liveOutcome(['a', 'b'], undefined)).toEqual({ status: 'pending' });
    expect(liveOutcome(['a', 'b'], [row('a', '1', 'paid')])).toEqual({ status: 'pending' });
    expect(liveOutcome(['a', 'b'], [row('a', '1', 'paid'), row('b', '2', 'pending')])).toEqual({ status: 'pending' });
    expect(liveOutcome(['a', 'b'], [row('a', '1', 'paid'), row('b', '2', 'paid')])).toEqual({ status: 'paid' });
    expect(liveOutcome(['a'], [{ ...row('a', '1', 'failed'), Reason: 'PAYEE_NOT_FOUND' }])).toEqual({
      status: 'failed',
      reason: 'PAYEE_NOT_FOUND',
    });
  });
});

describe('the Payouts screen’s rows', () => {
  it('takes each fetched row’s live status, adds newer live payouts that match the filter, newest first', () => {
    const fetched = [row('b', '2026-11-21T10:00:00Z', 'pending'), row('a', '2026-11-20T10:00:00Z', 'failed')];
    const live = [
      row('d', '2026-11-22T10:00:00Z', 'pending', 'prize'),
      row('c', '2026-11-22T09:00:00Z', 'failed'),
      row('b', '2026-11-21T10:00:00Z', 'failed'),
    ];
    expect(mergeLive(fetched, live, {}).map((r) => [r.ID, r.Status])).toEqual([
      ['d', 'pending'],
      ['c', 'failed'],
      ['b', 'failed'],
      ['a', 'failed'],
    ]);
    expect(mergeLive(fetched, live, { kind: 'partner', status: 'failed' }).map((r) => r.ID)).toEqual(['c', 'b', 'a']);
    expect(mergeLive(fetched, undefined, {}).map((r) => r.ID)).toEqual(['b', 'a']);
  });

  it('takes Retry off a failed payout once any row retries it, though the live window no longer lists the failed one', () => {
    const failed = row('a', '2026-11-20T10:00:00Z', 'failed');
    const retried = { ...row('r', '2026-11-23T10:00:00Z', 'pending'), RetryOf: 'a', Retryable: false };
    // the failed-only filter hides the pending retry, yet it supersedes the failed row
    const shown = mergeLive([failed], [retried], { status: 'failed' });
    expect(shown).toEqual([{ ...failed, Retryable: false, RetriedAs: 'r' }]);
    expect(mergeLive([failed, retried], undefined, {}).find((r) => r.ID === 'a')).toMatchObject({
      Retryable: false,
      RetriedAs: 'r',
    });
    // a failed payout nothing retries keeps its Retry
    expect(mergeLive([failed], [], {})[0]!.Retryable).toBe(true);
    expect(markRetried([failed], 'a', 'r2')[0]).toMatchObject({ Retryable: false, RetriedAs: 'r2' });
  });
});

describe('staff money', () => {
  it('writes LRD as L$ and USD as US$, grouped, from whole cents', () => {
    expect(formatStaffLrd(120_000)).toBe('L$ 1,200.00');
    expect(formatStaffUsd(150)).toBe('US$ 1.50');
    expect(formatStaffLrd(-1_234_567_89)).toBe('L$ -1,234,567.89');
    expect(staffLrd('-100.00')).toBe('L$ -100.00');
    expect(staffLrd('2500.5')).toBe('L$ 2,500.50');
  });
});

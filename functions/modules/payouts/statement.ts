import type { StatementLine, StatementResponse } from '@shared/api/schemas/payouts';
import { formatMoney } from '@shared/money';
import type { HttpApp } from '../../platform/http-app';
import { entrySharesOf, listLedger, type LedgerLine } from './store/balances';
import { getPayouts, type Payout } from './store/payouts';

/** The most lines a statement shows (newest first); the credits by promotion and the balance always count every line. */
const STATEMENT_MAX_LINES = 200;

/**
 * A partner's or announcer's own statement, from their
 * ledger (functions/modules/payouts/store/balances.ts): back-to-back entry shares of one
 * promotion and GMT day make one credit line; each payout hold is a payout line with
 * the payout's status now; a failed payout's restore is its own line (a
 * settlement batch's line counts every entry it lists). Each
 * line carries the balance after it (the sum of every line up to it), so the
 * statement ends on the balances the dashboard shows.
 */
async function readStatement(userId: string): Promise<StatementResponse> {
  const ledger = await listLedger(userId);
  const payouts = await getPayouts([
    ...new Set(ledger.filter((line) => line.kind === 'payout-hold').map((line) => line.ref)),
  ]);
  return buildStatement(ledger, payouts);
}

export function buildStatement(ledger: readonly LedgerLine[], payouts: ReadonlyMap<string, Payout>): StatementResponse {
  const grouped = groupCredits(ledger);
  let balance = 0;
  const lines: StatementLine[] = grouped.map((line) => {
    balance += line.deltaCents;
    const payout = line.kind === 'payout' ? payouts.get(line.ref) : undefined;
    return {
      At: line.at,
      Kind: line.kind,
      Promotion: line.promotionTitle,
      Amount: formatMoney(line.deltaCents),
      ...(line.entries ? { Entries: line.entries } : {}),
      ...(payout ? { Status: payout.status, ...(payout.reason ? { Reason: payout.reason } : {}) } : {}),
      Balance: formatMoney(balance),
    };
  });
  const credits = new Map<string, { Promotion: string; cents: number; Entries: number }>();
  for (const line of ledger) {
    if (line.kind !== 'entry-share') continue;
    const credit = credits.get(line.promotionId) ?? { Promotion: line.promotionTitle, cents: 0, Entries: 0 };
    credit.cents += line.deltaCents;
    credit.Entries += entrySharesOf(line).length;
    credits.set(line.promotionId, credit);
  }
  return {
    Credits: [...credits.values()].map(({ Promotion, cents, Entries }) => ({
      Promotion,
      Amount: formatMoney(cents),
      Entries,
    })),
    Lines: lines.reverse().slice(0, STATEMENT_MAX_LINES),
    Balance: formatMoney(balance),
  };
}

interface GroupedLine {
  at: string;
  kind: StatementLine['Kind'];
  promotionTitle: string;
  deltaCents: number;
  ref: string;
  entries?: number;
}

/** Among lines of one instant, the order they happen in: a credit, then a debit, then a failed payout's restore. */
const RANK: Record<LedgerLine['kind'], number> = {
  'entry-share': 0,
  // (the unclaimed-prizes balance's own lines: in no partner's or announcer's statement)
  'unclaimed-prize': 0,
  'payout-hold': 1,
  'entry-refund': 1,
  'payout-restore': 2,
};

/**
 * The ledger in the order its lines happened. Its own order is by time, then a random id: a payout the
 * provider refused at once is held and restored at the same instant, in either order. A restore follows
 * the hold it gives back (even one stamped earlier by another clock), so no running balance shows money
 * never held; lines of one instant go credit, debit, restore; the sort keeps the ledger's order otherwise.
 */
function inOrderOfEvents(ledger: readonly LedgerLine[]): LedgerLine[] {
  const heldAt = new Map(ledger.filter((l) => l.kind === 'payout-hold').map((l) => [l.ref, l.at]));
  const when = (line: LedgerLine) => {
    const hold = line.kind === 'payout-restore' ? heldAt.get(line.ref) : undefined;
    return hold !== undefined && hold > line.at ? hold : line.at;
  };
  return ledger
    .map((line, index) => ({ line, index, at: when(line) }))
    .sort((a, b) => a.at.localeCompare(b.at) || RANK[a.line.kind] - RANK[b.line.kind] || a.index - b.index)
    .map(({ line }) => line);
}

/** A ledger line's statement kind: each its own (a refund's share taken back is not a payout's restore). */
const KIND: Record<Exclude<LedgerLine['kind'], 'entry-share'>, StatementLine['Kind']> = {
  'payout-hold': 'payout',
  'payout-restore': 'restored',
  'entry-refund': 'refund',
  'unclaimed-prize': 'credit',
};

/**
 * Oldest first (the order of events): back-to-back entry shares of one
 * promotion and day fold into one credit line (only back-to-back, so every
 * line's balance after it stays exact).
 */
function groupCredits(ledger: readonly LedgerLine[]): GroupedLine[] {
  const lines: GroupedLine[] = [];
  let creditKey = '';
  for (const line of inOrderOfEvents(ledger)) {
    if (line.kind === 'entry-share') {
      const key = `${line.promotionId}\u0000${line.at.slice(0, 10)}`;
      const last = lines.at(-1);
      if (last?.kind === 'credit' && key === creditKey) {
        last.deltaCents += line.deltaCents;
        last.entries! += entrySharesOf(line).length;
        continue;
      }
      creditKey = key;
      lines.push({
        at: line.at,
        kind: 'credit',
        promotionTitle: line.promotionTitle,
        deltaCents: line.deltaCents,
        ref: line.ref,
        entries: entrySharesOf(line).length,
      });
    } else {
      lines.push({
        at: line.at,
        kind: KIND[line.kind],
        promotionTitle: line.promotionTitle,
        deltaCents: line.deltaCents,
        ref: line.ref,
      });
    }
  }
  return lines;
}

/**
 * The statement route of the partner or the announcer Lambda: the route's
 * access rule (PARTNER_SELF / ANNOUNCER_SELF) has already checked that the
 * path's id is the session's own, so one partner never reads another's.
 */
export function registerStatement(app: HttpApp<'partner'>, route: 'partnerStatement'): void;
export function registerStatement(app: HttpApp<'announcer'>, route: 'announcerStatement'): void;
export function registerStatement(
  app: HttpApp<'partner' | 'announcer'>,
  route: 'partnerStatement' | 'announcerStatement',
): void {
  app.on(route, async (request) => readStatement(request.params.id!));
}

import type { Currency } from '@shared/money';
import { formatMoney } from '@shared/money';
import type { GameLedgerLine } from '../ledger';
import { rowKeyOf } from './report';

interface ActivityRow {
  key: string;
  currency: Currency;
  entries: number;
  refunds: string;
}

/**
 * A period's entries and refunds per game and per partner, from the same
 * game-ledger lines and row keys the report sums (./report.ts): entries are
 * the stake lines (one per paid entry), refunds the stake-refunded lines
 * (the report's stakes are already net of them).
 */
export function activityOf(lines: readonly GameLedgerLine[]): { byGame: ActivityRow[]; byPartner: ActivityRow[] } {
  const group = (scope: 'game' | 'partner'): ActivityRow[] => {
    const rows = new Map<string, { key: string; currency: Currency; entries: number; refundCents: number }>();
    for (const line of lines) {
      if (line.kind !== 'stake' && line.kind !== 'stake-refunded') continue;
      const key = rowKeyOf(scope, line);
      const id = `${key}|${line.currency}`;
      const row = rows.get(id) ?? { key, currency: line.currency, entries: 0, refundCents: 0 };
      if (line.kind === 'stake') row.entries += 1;
      else row.refundCents -= line.amountCents;
      rows.set(id, row);
    }
    return [...rows.values()]
      .sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency))
      .map(({ refundCents, ...row }) => ({ ...row, refunds: formatMoney(refundCents) }));
  };
  return { byGame: group('game'), byPartner: group('partner') };
}

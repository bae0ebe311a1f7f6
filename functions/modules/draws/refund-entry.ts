import { refundLine, stakeLine } from '../ledger';
import { lrdValueOf, getEntry, stakeText } from '../entries';
import { logger } from '../../platform/logger';
import { contended, retryOnConflict } from '../../platform/retry';
import { WINDOW_BACKOFF } from './close-window';
import { newCallbackSecret } from '../../platform/callback-secret';
import {
  refundPayoutId,
  sendTransfer,
  getBalanceCents,
  listLedger,
  entrySharesOf,
  type BalanceChange,
  type LedgerLine,
} from '../payouts';
import { announcersOf } from '../staff';
import { commitRefund } from './store/draw-clearing';
import type { Payout } from '../payouts';

const MAX_ATTEMPTS = 25;

/**
 * The shares these entries credited, one line each (settlement writes one `entry-share` line per payee per
 * batch, listing its entries), read from the ledgers of the partner and of its announcers: one read of each
 * per clear.
 */
export async function shareLinesOf(
  partnerId: string,
  entryIds: ReadonlySet<string>,
): Promise<Map<string, LedgerLine[]>> {
  const owners = [partnerId, ...(await announcersOf(partnerId)).map((a) => a.id)];
  const ledgers = await Promise.all(owners.map((id) => listLedger(id)));
  const found = new Map<string, LedgerLine[]>();
  for (const line of ledgers.flat()) {
    if (line.kind !== 'entry-share') continue;
    // a settlement batch's line lists its entries: each share on its own, as if it were its own line
    for (const share of entrySharesOf(line)) {
      if (!entryIds.has(share.ref)) continue;
      const { entries: _batch, rateMilli: _rate, originalUsdCents: _usd, ...rest } = line;
      const one: LedgerLine = {
        ...rest,
        ref: share.ref,
        deltaCents: share.cents,
        ...(share.rateMilli !== undefined ? { rateMilli: share.rateMilli } : {}),
        ...(share.originalUsdCents !== undefined ? { originalUsdCents: share.originalUsdCents } : {}),
      };
      found.set(share.ref, [...(found.get(share.ref) ?? []), one]);
    }
  }
  return found;
}

/** A refund committed: the stake as the SMS names it, and (the first time only) its transfer to send. */
export interface CommittedRefund {
  stake: string;
  /**
   * Send the stake back by mobile money (`checked`: the provider's payout check was just made and passed,
   * so it is not asked again); absent when an earlier run committed (and sent) it.
   */
  send?: (checked?: boolean) => Promise<void>;
}

/**
 * Refund one paid entry of a cleared window (DESIGN section 4 "Clear draw"): its stake goes back to
 * the player by mobile money (a `refund` payout, sent once committed), each share it credited is taken
 * back with a ledger line in the same transaction, and its stake is booked back (a negative stake line).
 * A share already paid out is taken back only as far as the balance still holds it (a balance never goes
 * below zero): the house bears the rest, recorded on that ledger line (`houseBoreCents`). Once per
 * entry however often it runs. This is the database half, quick: the caller runs the returned `send`
 * (a provider call) when it has the time, and may commit refunds of one partner one at a time while
 * their sends overlap (each reads the balances it debits).
 */
export async function commitEntryRefund(
  windowNo: number,
  entryId: string,
  context: { shares: readonly LedgerLine[]; promotionTitle: string; requestedBy: string },
  now: Date,
): Promise<CommittedRefund> {
  return retryOnConflict(
    async () => {
      const entry = await getEntry(entryId);
      if (!entry?.paidAt) throw new Error(`no paid entry ${entryId} to refund`);
      if (entry.refundedAt) return { stake: stakeText(entry) };
      const reversals = await Promise.all(context.shares.map((share) => reversalOf(share)));
      const { secret, hash } = newCallbackSecret();
      const payout: Payout = {
        id: refundPayoutId(entry.id),
        kind: 'refund',
        entryId: entry.id,
        promotionId: entry.promotionId,
        promotionTitle: context.promotionTitle,
        amountCents: entry.amountCents,
        currency: entry.currency,
        msisdn: entry.msisdn,
        status: 'pending',
        callbackSecretHash: hash,
        requestedBy: context.requestedBy,
        createdAt: now.toISOString(),
      };
      const stake = stakeLine(entry, entry.paidAt, lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli));
      const outcome = await commitRefund(
        { entryId, windowNo, payout, reversals, ledgerLine: refundLine(stake, now.toISOString()) },
        now,
      );
      if (outcome === 'refunded')
        return { stake: stakeText(entry), send: (checked) => send(payout, secret, now, checked) };
      if (outcome === 'done') return { stake: stakeText(entry) };
      // a balance moved since read, or a conflicting write: read again
      return contended();
    },
    { attempts: MAX_ATTEMPTS, ...WINDOW_BACKOFF, exhausted: () => new Error(`refund of ${entryId} kept conflicting`) },
  );
}

/** A share taken back: as much as its balance still holds; the house bears the rest. */
async function reversalOf(share: LedgerLine): Promise<BalanceChange> {
  const held = Math.max(0, await getBalanceCents(share.userId, share.promotionId));
  const taken = Math.min(share.deltaCents, held);
  return {
    userId: share.userId,
    ownerRole: share.ownerRole,
    promotionId: share.promotionId,
    promotionTitle: share.promotionTitle,
    deltaCents: -taken,
    kind: 'entry-refund',
    ref: share.ref,
    ...(taken < share.deltaCents ? { houseBoreCents: share.deltaCents - taken } : {}),
    ...(share.rateMilli !== undefined ? { rateMilli: share.rateMilli } : {}),
  };
}

/** Send the refund; a failure to send leaves it pending for reconciliation (send-transfer.ts), never lost. */
async function send(payout: Payout, secret: string, now: Date, checked = false): Promise<void> {
  try {
    await sendTransfer(payout, secret, now, checked);
  } catch (error) {
    logger.error('refund transfer not sent; reconciliation settles it', {
      payoutId: payout.id,
      correlationId: payout.entryId,
      error,
    });
  }
}

import { messages } from '@shared/messages';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms, toGsm7 } from '../integrations/sms/gsm7';
import { logger } from '../lib/logger';
import { deliverSms, smsIdOf } from '../sms/deliver-sms';
import type { Assignment, ClearMode } from '../store/assignments';
import { CARRY_BATCH, carryEntries, markClearDone } from '../store/draw-clearing';
import { listWindowEntries, type WindowEntry } from '../store/draws';
import { getPromotion } from '../store/promotions';
import { finishLateTail } from './late-tail';
import { refundEntry, shareLinesOf } from './refund-entry';

/** What finishing a clear did: the paid tickets carried or refunded. */
export interface ClearedTickets {
  mode: ClearMode;
  tickets: number;
}

/**
 * The second half of a clear (DESIGN section 4 "Clear draw": paid entries are never silently lost).
 * The clear's close opened the next window and left `clearPending` on the assignment; this carries the
 * cleared window's entries into that window (their seq items and entries move; its count and Merkle
 * frontier already hold them), or refunds each one, then tells every player by SMS and marks the clear
 * done. Every step is idempotent, so a retried clear, a racing one, or the next draw (which finishes a
 * pending clear before it closes the window) completes it exactly once.
 */
export async function finishClear(
  assignment: Pick<Assignment, 'id' | 'promotionId' | 'partnerId' | 'clearPending'>,
  now: Date,
  requestedBy = 'scheduler',
): Promise<ClearedTickets | undefined> {
  const pending = assignment.clearPending;
  if (!pending) return undefined;
  if (pending.mode === 'late') {
    await finishLateTail(assignment.id, pending, now);
    return undefined;
  }
  const at = now.toISOString();
  const entries = (await listWindowEntries(assignment.id, pending.windowNo)).slice(0, pending.count);
  const title = (await getPromotion(assignment.promotionId))?.title ?? '';
  if (pending.mode === 'carry') {
    for (let i = 0; i < entries.length; i += CARRY_BATCH)
      await carryEntries(assignment.id, pending.windowNo, entries.slice(i, i + CARRY_BATCH), at);
    const sms = (entry: WindowEntry) =>
      messageOf(title, (t) => messages.clearDraw.carriedSms(t, formatTicketNumber(entry.ticketNumber)));
    await Promise.all(entries.map((entry) => tellPlayer(entry, pending.windowNo, sms(entry), now)));
  } else {
    const shares = await shareLinesOf(assignment.partnerId, new Set(entries.map((entry) => entry.entryId)));
    for (const entry of entries) {
      const stake = await refundEntry(
        pending.windowNo,
        entry.entryId,
        { shares: shares.get(entry.entryId) ?? [], promotionTitle: title, requestedBy },
        now,
      );
      const sms = messageOf(title, (t) =>
        messages.clearDraw.refundedSms(t, formatTicketNumber(entry.ticketNumber), stake),
      );
      await tellPlayer(entry, pending.windowNo, sms, now);
    }
  }
  await markClearDone(assignment.id, pending.windowNo);
  return { mode: pending.mode, tickets: entries.length };
}

/** One GSM-7 SMS, the promotion's title cut to fit. */
function messageOf(title: string, compose: (title: string) => string): string {
  return oneSms(compose, toGsm7(title).trim() || 'raffle');
}

/** The player's SMS about its cleared ticket, once per entry (its id), retried by the SMS job on a gateway failure. */
async function tellPlayer(entry: WindowEntry, windowNo: number, text: string, now: Date): Promise<void> {
  try {
    // once per entry and cleared window: a ticket carried twice is told twice
    const id = smsIdOf('draw-cleared', `${entry.entryId}-w${windowNo}`);
    await deliverSms({ id, purpose: 'draw-cleared', ref: entry.entryId, to: entry.msisdn, text }, now);
  } catch (error) {
    logger.error('cleared-draw SMS not stored', { entryId: entry.entryId, correlationId: entry.entryId, error });
  }
}

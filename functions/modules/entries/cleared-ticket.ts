import type { TicketOutcome } from '@shared/api/schemas/play';
import { drawIdOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { getDraw } from '../draw-records';
import { gameOf } from '../games';
import type { Entry } from './store/entries';
import { stakeText } from './money-split';

/** The checker's answer about a cleared draw's ticket, and the word ticket lists give it. */
interface ClearedTicket {
  outcome: TicketOutcome;
  message: string;
  status: 'carried' | 'refunded';
}

/**
 * The ticket check's truth about a ticket whose draw was cleared (DESIGN section 4 "Clear draw"): a
 * carried ticket is valid and waiting for the next draw; a refunded one says so (the red look: it is in
 * no draw any more); never "Not a winner". Undefined for any other ticket. `windowClosed`: the entry's
 * window (as stored on it) is no longer open.
 */
export async function clearedTicketAnswer(entry: Entry, windowClosed: boolean): Promise<ClearedTicket | undefined> {
  // only a live-drawn game's window is cleared
  if (gameOf(entry.game).drawing.by !== 'threshold') return undefined;
  const refunded: ClearedTicket = {
    outcome: 'lost',
    message: messages.clearDraw.refundedTicket(stakeText(entry)),
    status: 'refunded',
  };
  const carried: ClearedTicket = { outcome: 'waiting', message: messages.clearDraw.carriedTicket, status: 'carried' };
  if (entry.refundedAt) return refunded;
  if (!windowClosed) return entry.carriedAt ? carried : undefined;
  // closed: its window was cleared and the clear is still carrying or refunding it
  const draw = await getDraw(drawIdOf(entry.assignmentId, entry.windowNo ?? 0));
  if (draw?.kind !== 'cleared' || !draw.clearMode) return undefined;
  return draw.clearMode === 'carry' ? carried : refunded;
}

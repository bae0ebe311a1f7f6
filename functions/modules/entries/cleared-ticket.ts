import type { TicketOutcome } from '@shared/api/schemas/play';
import { drawIdOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { getDraw } from '../draw-records';
import { gameOf } from '../games';
import type { Entry } from './store/entries';
import { stakeText } from './money-split';

/**
 * The ticket check's truth about a ticket whose draw was cleared (DESIGN section 4 "Clear draw"): a
 * carried ticket is valid and waiting for the next draw; a refunded one says so (the red look: it is in
 * no draw any more); never "Not a winner". Undefined for any other ticket. `windowClosed`: the entry's
 * window (as stored on it) is no longer open.
 */
export async function clearedTicketAnswer(
  entry: Entry,
  windowClosed: boolean,
): Promise<{ outcome: TicketOutcome; message: string } | undefined> {
  // only a live-drawn game's window is cleared
  if (gameOf(entry.game).drawing.by !== 'threshold') return undefined;
  const refunded = { outcome: 'lost' as const, message: messages.clearDraw.refundedTicket(stakeText(entry)) };
  if (entry.refundedAt) return refunded;
  if (!windowClosed)
    return entry.carriedAt ? { outcome: 'waiting', message: messages.clearDraw.carriedTicket } : undefined;
  // closed: its window was cleared and the clear is still carrying or refunding it
  const draw = await getDraw(drawIdOf(entry.assignmentId, entry.windowNo ?? 0));
  if (draw?.kind !== 'cleared' || !draw.clearMode) return undefined;
  return draw.clearMode === 'carry' ? { outcome: 'waiting', message: messages.clearDraw.carriedTicket } : refunded;
}
